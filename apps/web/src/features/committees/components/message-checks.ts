import { type MailType, type MessageTexts, messageProblems } from '@portal/shared';
import type { RefinementCtx } from 'zod';
import { translateMessage } from '../../../lib/i18n.ts';

/** The placeholder rule the server applies (`messageProblems`), checked before sending; the server has the last word. */
export function checkPlaceholders(type: MailType, values: MessageTexts, ctx: RefinementCtx): void {
  for (const [field, problem] of Object.entries(messageProblems(type, values))) {
    ctx.addIssue({ code: 'custom', path: [field], message: translateMessage(problem.key, { names: problem.names }) });
  }
}
