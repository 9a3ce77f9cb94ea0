import type { Ref } from 'react';
import type { Translate } from './messages.ts';
import type { Field, UiError } from './use-voting-flow.ts';

/** The step's error, where the focus goes when it appears; the field it is about points to it by its id. */
export function ErrorAlert({ error, t, alertRef }: { error: UiError | null; t: Translate; alertRef: Ref<HTMLDivElement> }) {
  if (!error) return null;
  return (
    <div className="vf-alert" role="alert" id="vf-error" tabIndex={-1} ref={alertRef}>
      {error.text ?? (error.key ? t(error.key, error.params) : '')}
    </div>
  );
}

/** aria-invalid of a field: set only while the error is about it. */
export const fieldInvalid = (error: UiError | null, field: Field): true | undefined => (error?.field === field ? true : undefined);

/** aria-describedby of a field: the error while it is about the field, then the field's other descriptions. */
export const describedBy = (error: UiError | null, field: Field, ...more: string[]): string | undefined =>
  [error?.field === field ? 'vf-error' : '', ...more].filter(Boolean).join(' ') || undefined;
