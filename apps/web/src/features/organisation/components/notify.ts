import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';

/**
 * The toasts of one action (spec §8): organisation:toast.<action>.done on success and
 * organisation:toast.<action>.failed ("Error while trying to …") with the server's reason.
 */
export const notifyDone = (action: string, params: Record<string, unknown> = {}, subtext?: string) =>
  toast.success(i18n.t(`organisation:toast.${action}.done`, params), subtext);

export const notifyFailed = (action: string, error: unknown, params: Record<string, unknown> = {}) =>
  toast.error(i18n.t(`organisation:toast.${action}.failed`, params), errorMessage(error));

/** A failed form submit: the server's field messages on the fields (a duplicate e-mail on `email`) and the error toast. */
export function notifyFormFailed<T extends FieldValues>(action: string, error: unknown, setError: UseFormSetError<T>): void {
  if (error instanceof ApiError) {
    const fields = { ...error.fields };
    if (error.code === 'EMAIL_TAKEN' && Object.keys(fields).length === 0) fields.email = error.message;
    for (const [path, message] of Object.entries(fields)) setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: true });
  }
  notifyFailed(action, error);
}
