import { actionToasts } from '../../../components/action-toasts.ts';

/** The toasts of the mail pages' actions, each set from its own catalogue section: committees:<section>.toast.<action>.done and .failed. */
export const editorToasts = actionToasts('committees', 'mailEditor.toast');
export const templateToasts = actionToasts('committees', 'templates.toast');
export const settingsToasts = actionToasts('committees', 'mailSettings.toast');
export const mailingToasts = actionToasts('committees', 'mailings.toast');
export const unsubscribeToasts = actionToasts('committees', 'unsubscribe.toast');
