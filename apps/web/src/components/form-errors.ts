import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../lib/api-client.ts';
import { translateMessage } from '../lib/i18n.ts';
import { toast } from '../lib/toasts.ts';

/** The message to show for any failure: the server's (already localised) or the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : translateMessage('errors.somethingWrong');
}

/**
 * Shows a failed submit the one way the app does: the server's per-field messages on the fields,
 * anything else as an error toast (or through `show`, for forms that show it inline).
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  show: (message: string) => void = (message) => toast.error(message),
): void {
  const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
  for (const [path, message] of fields) setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: true });
  if (fields.length === 0) show(errorMessage(error));
}
