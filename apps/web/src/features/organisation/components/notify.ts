import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { actionToasts } from '../../../components/action-toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** The toasts of the organisation actions: organisation:toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed, toastCallbacks } = actionToasts('organisation');

/** A failed form save: the server's field messages on the fields (a duplicate e-mail on `email`) and the error toast. */
function notifyFormFailed<T extends FieldValues>(action: string, error: unknown, setError: UseFormSetError<T>): void {
  if (error instanceof ApiError) {
    const fields = { ...error.fields };
    if (error.code === 'EMAIL_TAKEN' && Object.keys(fields).length === 0) fields.email = error.message;
    for (const [path, message] of Object.entries(fields)) setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: true });
  }
  notifyFailed(action, error);
}

/** The callbacks of a form dialog's save: the done toast (its params may come from what was saved), then `close`; or notifyFormFailed. */
export function formCallbacks<T extends FieldValues, Saved>(
  action: string,
  setError: UseFormSetError<T>,
  close: () => void,
  toastParams: (saved: Saved) => Record<string, unknown>,
) {
  return {
    onSuccess: (saved: Saved) => {
      notifyDone(action, toastParams(saved));
      close();
    },
    onError: (error: unknown) => notifyFormFailed(action, error, setError),
  };
}
