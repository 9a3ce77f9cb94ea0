import { describe, expect, it } from 'vitest';
import {
  COMMITTEE_LOG_ACTIONS,
  DIGEST_LOG_ACTIONS,
  DOCUMENT_LOG_ACTIONS,
  EVENT_LOG_ACTIONS,
  HELP_LOG_ACTIONS,
  LOG_NAMESPACES,
  logActionKey,
  SECURITY_LOG_ACTIONS,
  SURVEY_LOG_ACTIONS,
  USERS_LOG_ACTIONS,
  VOTE_LOG_ACTIONS,
} from './action-log.ts';
import { RESOURCES } from './i18n/index.ts';
import { LOCALES } from './limits.ts';

type Catalogue = Record<string, Record<string, Record<string, string>>>;

const LOGS = {
  users: USERS_LOG_ACTIONS,
  vote: VOTE_LOG_ACTIONS,
  digest: DIGEST_LOG_ACTIONS,
  help: HELP_LOG_ACTIONS,
  documents: DOCUMENT_LOG_ACTIONS,
  events: EVENT_LOG_ACTIONS,
  committee: COMMITTEE_LOG_ACTIONS,
  survey: SURVEY_LOG_ACTIONS,
  security: SECURITY_LOG_ACTIONS,
} as const;

describe('the log actions', () => {
  it.each(LOCALES)('are each named in the %s catalogue of their log', (locale) => {
    const catalogue = RESOURCES[locale] as unknown as Catalogue;
    for (const [domain, codes] of Object.entries(LOGS)) {
      const ns = LOG_NAMESPACES[domain as keyof typeof LOGS];
      for (const code of codes) expect(catalogue[ns]?.logAction?.[logActionKey(code)], `${domain}: ${code}`).toBeTruthy();
    }
  });
});
