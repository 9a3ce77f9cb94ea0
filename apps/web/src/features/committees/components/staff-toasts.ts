import { actionToasts } from '../../../components/action-toasts.ts';

/** The toasts of the staff's committee actions: committees:staff.toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed, toastCallbacks } = actionToasts('committees', 'staff.toast');
