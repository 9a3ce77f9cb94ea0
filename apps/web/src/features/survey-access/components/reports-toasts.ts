import { actionToasts } from '../../../components/action-toasts.ts';

/** The toasts of the access actions: reports:toast.<action>.done and .failed. */
export const { notifyDone, notifyFailed } = actionToasts('reports');
