import { actionToasts } from '../../../components/action-toasts.ts';

/** The toasts of the company's committee actions: committees:company.toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed, toastCallbacks } = actionToasts('committees', 'company.toast');
