import type { ErrorCode } from '@portal/shared';

type Params = Record<string, string | number>;
/** A field's message: its catalogue key, with params of its own when fields say different things (placeholders named). */
export type FieldMessage = string | { key: string; params: Params };

/** A failure the client should see: a catalogue code, optional per-field messages and message params. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: { fields?: Record<string, FieldMessage>; params?: Params; details?: unknown } = {},
  ) {
    super(code);
  }
}
