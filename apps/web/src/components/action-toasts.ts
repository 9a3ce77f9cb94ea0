import { i18n } from '../lib/i18n.ts';
import { toast } from '../lib/toasts.ts';
import { errorMessage } from './form-errors.ts';

type Params = Record<string, unknown>;

/**
 * The toasts of a feature's actions (spec §8): <namespace>:<section>.<action>.done on success and
 * <namespace>:<section>.<action>.failed ("Error while trying to …") with the server's reason. The section is `toast`
 * unless a namespace holds the words of several sides (committees: `company.toast`, `staff.toast`).
 */
export function actionToasts(namespace: string, section = 'toast') {
  const notifyDone = (action: string, params: Params = {}, subtext?: string) =>
    toast.success(i18n.t(`${namespace}:${section}.${action}.done`, params), subtext);

  const notifyFailed = (action: string, error: unknown, params: Params = {}) =>
    toast.error(i18n.t(`${namespace}:${section}.${action}.failed`, params), errorMessage(error));

  /** Mutation callbacks that toast the outcome of an action (and run `after` once it succeeded). */
  const toastCallbacks = (action: string, params: Params = {}, after?: () => void) => ({
    onSuccess: () => {
      notifyDone(action, params);
      after?.();
    },
    onError: (error: unknown) => notifyFailed(action, error, params),
  });

  return { notifyDone, notifyFailed, toastCallbacks };
}
