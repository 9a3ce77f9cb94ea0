import { actionToasts } from '../../../components/action-toasts.ts';

/** The toasts of the content actions: content:toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed, toastCallbacks } = actionToasts('content');
