import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { resolveLocale } from '../limits.ts';
import { NAMESPACES, RESOURCES, translate } from './index.ts';

/** Every key path of a nested catalogue, with plural suffixes folded into their base key. */
const keys = (node: unknown, prefix = ''): string[] =>
  Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`] : keys(v, `${prefix}${k}.`),
  );

describe('catalogues', () => {
  it('have the same keys in English and Russian', () => {
    for (const ns of NAMESPACES) {
      expect(new Set(keys(RESOURCES.ru[ns])), ns).toEqual(new Set(keys(RESOURCES.en[ns])));
    }
  });

  it('have a message in both languages for every error code', () => {
    for (const { key } of Object.values(ERRORS)) {
      expect(translate('en', key)).not.toBe(key);
      expect(translate('ru', key)).not.toBe(key);
    }
  });

  it("carry the spec's error catalogue word for word", () => {
    const spec = [
      "We couldn't send your data. Please try later.",
      'Authorization error.',
      'Incorrect login or password.',
      'The link you followed is invalid or has expired.',
      'Oops! Something went wrong.',
      'Survey is no longer available',
      'Failed to save responses.',
      'Failed to clear position data.',
      'Unable to load past responses.',
      'Failed to complete the action, please try again later.',
      "Couldn't change access rights.",
      "Couldn't download file.",
      'Generation was interrupted due to an unexpected error.',
      'Nothing to save.',
      "You don't have enough permissions.",
      "Sorry, you can't have access to this page",
      'Voting is not exist',
      'Your vote is rejected, the voting is over.',
      'Voting has not begun yet.',
    ];
    const english = Object.values(RESOURCES.en.errors);
    for (const message of spec) expect(english).toContain(message);
    expect(translate('ru', 'errors.votingNotBegun')).toBe('Голосование ещё не началось.');
  });

  it('choose Russian plural forms', () => {
    const t = (count: number) => translate('ru', 'errors.rateLimited', { count });
    expect(t(1)).toBe('Слишком много попыток. Повторите через 1 минуту.');
    expect(t(3)).toBe('Слишком много попыток. Повторите через 3 минуты.');
    expect(t(15)).toBe('Слишком много попыток. Повторите через 15 минут.');
    expect(t(21)).toBe('Слишком много попыток. Повторите через 21 минуту.');
    expect(translate('en', 'errors.rateLimited', { count: 1 })).toBe('Too many attempts. Please try again in 1 minute.');
  });

  it('fill parameters, with the limits as defaults', () => {
    expect(translate('en', 'validation.passwordMin')).toBe('The password must be at least 8 characters long.');
    expect(translate('en', 'account.resetSentText', { email: 'a@b.c' })).toContain('a@b.c');
    expect(translate('en', 'common.roles.trusted')).toBe('Authorised person');
  });
});

describe('language choice', () => {
  it('takes the cookie, else Accept-Language (ru → Russian, anything else English)', () => {
    expect(resolveLocale('ru', 'en-US')).toBe('ru');
    expect(resolveLocale('en', 'ru-RU')).toBe('en');
    expect(resolveLocale(undefined, 'ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(resolveLocale('xx', 'de-DE,ru;q=0.5')).toBe('en');
    expect(resolveLocale(null, null)).toBe('en');
  });
});
