import { LOCALES, type MailType, placeholderProblems, placeholdersIn } from '@portal/shared';
import type { RefinementCtx } from 'zod';
import { translateMessage } from '../../../lib/i18n.ts';
import { MESSAGE_FIELDS, type MessageValues } from './message-fields.tsx';

const named = (names: readonly string[]) => names.map((name) => `{{${name}}}`).join(', ');

/**
 * The placeholder rule the server applies, checked before sending (the server has the last word): each language's
 * subject and body together hold the type's required placeholders (said on the body), and no placeholder the type does
 * not fill (said on the field that holds it).
 */
export function checkPlaceholders(type: MailType, values: MessageValues, ctx: RefinementCtx): void {
  for (const locale of LOCALES) {
    const { subject, body } = MESSAGE_FIELDS[locale];
    const { missing, unknown } = placeholderProblems(type, [values[subject], values[body]]);
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', path: [body], message: translateMessage('validation.placeholdersMissing', { names: named(missing) }) });
    }
    for (const field of [subject, body]) {
      const wrong = placeholdersIn(values[field]).filter((name) => unknown.includes(name));
      if (wrong.length > 0) {
        ctx.addIssue({ code: 'custom', path: [field], message: translateMessage('validation.placeholdersUnknown', { names: named(wrong) }) });
      }
    }
  }
}
