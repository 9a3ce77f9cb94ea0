import { translate } from '@portal/shared/i18n';
import { describe, expect, it } from 'vitest';
import { type MessageKey, translator } from './messages.ts';

/** The public form's own table repeats these catalogue messages (it cannot load i18next); they must stay the same words. */
const SAME_AS_CATALOGUE: [MessageKey, string][] = [
  ['notBegun', 'errors.votingNotBegun'],
  ['over', 'errors.votingOver'],
  ['notExist', 'errors.votingNotExist'],
  ['network', 'errors.network'],
  ['somethingWrong', 'errors.somethingWrong'],
  ['emailInvalid', 'validation.email'],
];

describe('the public voting form’s messages', () => {
  it.each(['en', 'ru'] as const)('say in %s what the catalogues say', (locale) => {
    const t = translator(locale);
    for (const [key, catalogueKey] of SAME_AS_CATALOGUE) expect(t(key), key).toBe(translate(locale, catalogueKey));
  });

  it('carry the spec’s English messages word for word', () => {
    const t = translator('en');
    expect(t('notBegun')).toBe('Voting has not begun yet.');
    expect(t('over')).toBe('Your vote is rejected, the voting is over.');
    expect(t('notExist')).toBe('Voting is not exist');
  });
});
