import { actionToasts } from '../../../components/action-toasts.ts';

/** The toasts of the voting actions: voting:toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed, toastCallbacks } = actionToasts('voting');
