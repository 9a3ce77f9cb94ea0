import type { ErrorCode } from '@portal/shared';

/** A failure the client should see: a catalogue code, optional per-field message keys and message params. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: { fields?: Record<string, string>; params?: Record<string, string | number> } = {},
  ) {
    super(code);
  }
}
