import type { InputHTMLAttributes } from 'react';
import { describedBy, fieldInvalid } from './field-error.tsx';
import type { MessageKey, Translate } from './messages.ts';
import type { UiError } from './use-voting-flow.ts';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  field: 'email' | 'code';
  label: MessageKey;
  t: Translate;
  error: UiError | null;
}

/** A labelled input of one of the form's fields, tied to that field's error. */
export function TextField({ field, label, t, error, ...props }: TextFieldProps) {
  return (
    <>
      <label className="vf-label" htmlFor={`vf-${field}`}>
        {t(label)}
      </label>
      <input
        className="vf-input"
        id={`vf-${field}`}
        name={field}
        required
        aria-invalid={fieldInvalid(error, field)}
        aria-describedby={describedBy(error, field)}
        {...props}
      />
    </>
  );
}
