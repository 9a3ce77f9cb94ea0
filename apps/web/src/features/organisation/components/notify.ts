import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { actionToasts } from '../../../components/action-toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** The toasts of the organisation actions: organisation:toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed, toastCallbacks } = actionToasts('organisation');

/** A failed form submit: the server's field messages on the fields (a duplicate e-mail on `email`) and the error toast. */
export function notifyFormFailed<T extends FieldValues>(action: string, error: unknown, setError: UseFormSetError<T>): void {
  if (error instanceof ApiError) {
    const fields = { ...error.fields };
    if (error.code === 'EMAIL_TAKEN' && Object.keys(fields).length === 0) fields.email = error.message;
    for (const [path, message] of Object.entries(fields)) setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: true });
  }
  notifyFailed(action, error);
}
