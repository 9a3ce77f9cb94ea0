import { describe, expect, it } from 'vitest';
import { USERS_LOG_ACTIONS, VOTE_LOG_ACTIONS } from './action-log.ts';
import { RESOURCES } from './i18n/index.ts';
import { LOCALES } from './limits.ts';

type Catalogue = Record<string, Record<string, Record<string, string>>>;

describe('the log actions', () => {
  it.each(LOCALES)('are each named in the %s catalogue of the screen that shows them', (locale) => {
    const catalogue = RESOURCES[locale] as unknown as Catalogue;
    for (const code of USERS_LOG_ACTIONS) expect(catalogue.organisation?.logAction?.[code.replace('.', '_')], code).toBeTruthy();
    for (const code of VOTE_LOG_ACTIONS) expect(catalogue.voting?.logAction?.[code], code).toBeTruthy();
  });
});
