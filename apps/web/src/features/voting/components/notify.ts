import { errorMessage } from '../../../components/form-errors.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';

/** The toasts of one voting action (spec §8): voting:toast.<action>.done, and .failed ("Error while trying to …") with the server's reason. */
export const notifyDone = (action: string, params: Record<string, unknown> = {}, subtext?: string) =>
  toast.success(i18n.t(`voting:toast.${action}.done`, params), subtext);

export const notifyFailed = (action: string, error: unknown, params: Record<string, unknown> = {}) =>
  toast.error(i18n.t(`voting:toast.${action}.failed`, params), errorMessage(error));

/** Mutation callbacks that toast the outcome of an action. */
export const toastCallbacks = (action: string, params: Record<string, unknown> = {}, after?: () => void) => ({
  onSuccess: () => {
    notifyDone(action, params);
    after?.();
  },
  onError: (error: unknown) => notifyFailed(action, error, params),
});
