import { actionToasts } from '../../../components/action-toasts.ts';

/** The toasts of the actions both sides take (members, subscriber lists): committees:toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed, toastCallbacks } = actionToasts('committees');
