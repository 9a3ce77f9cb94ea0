import { LOCALE_TAG, type Locale } from '../limits.ts';
import { DEFAULT_PARAMS, type Namespace } from './catalogues.ts';
import enAccount from './en/account.json' with { type: 'json' };
import enCommittees from './en/committees.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enContent from './en/content.json' with { type: 'json' };
import enCredit from './en/creditData.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enOrganisation from './en/organisation.json' with { type: 'json' };
import enReportDoc from './en/reportDoc.json' with { type: 'json' };
import enReports from './en/reports.json' with { type: 'json' };
import enReportsAdmin from './en/reportsAdmin.json' with { type: 'json' };
import enSurvey from './en/survey.json' with { type: 'json' };
import enSurveyAdmin from './en/surveyAdmin.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import enVoting from './en/voting.json' with { type: 'json' };
import ruAccount from './ru/account.json' with { type: 'json' };
import ruCommittees from './ru/committees.json' with { type: 'json' };
import ruCommon from './ru/common.json' with { type: 'json' };
import ruContent from './ru/content.json' with { type: 'json' };
import ruCredit from './ru/creditData.json' with { type: 'json' };
import ruErrors from './ru/errors.json' with { type: 'json' };
import ruMail from './ru/mail.json' with { type: 'json' };
import ruOrganisation from './ru/organisation.json' with { type: 'json' };
import ruReportDoc from './ru/reportDoc.json' with { type: 'json' };
import ruReports from './ru/reports.json' with { type: 'json' };
import ruReportsAdmin from './ru/reportsAdmin.json' with { type: 'json' };
import ruSurvey from './ru/survey.json' with { type: 'json' };
import ruSurveyAdmin from './ru/surveyAdmin.json' with { type: 'json' };
import ruValidation from './ru/validation.json' with { type: 'json' };
import ruVoting from './ru/voting.json' with { type: 'json' };

/** Every user-visible string, by language and namespace, for the server and the tests (the web loads them by parts: catalogues.ts). */
export const RESOURCES = {
  en: {
    common: enCommon,
    account: enAccount,
    errors: enErrors,
    validation: enValidation,
    mail: enMail,
    organisation: enOrganisation,
    voting: enVoting,
    content: enContent,
    committees: enCommittees,
    reports: enReports,
    reportsAdmin: enReportsAdmin,
    surveyAdmin: enSurveyAdmin,
    survey: enSurvey,
    reportDoc: enReportDoc,
    creditData: enCredit,
  },
  ru: {
    common: ruCommon,
    account: ruAccount,
    errors: ruErrors,
    validation: ruValidation,
    mail: ruMail,
    organisation: ruOrganisation,
    voting: ruVoting,
    content: ruContent,
    committees: ruCommittees,
    reports: ruReports,
    reportsAdmin: ruReportsAdmin,
    surveyAdmin: ruSurveyAdmin,
    survey: ruSurvey,
    reportDoc: ruReportDoc,
    creditData: ruCredit,
  },
} as const satisfies Record<Locale, Record<Namespace, unknown>>;

export { DEFAULT_PARAMS, NAMESPACES, type Namespace } from './catalogues.ts';

type Params = Record<string, string | number>;

/**
 * Translates "namespace.key" the way i18next does for the web (same resources,
 * {{param}} interpolation, plural suffixes chosen by Intl.PluralRules from `count`),
 * so the server and the pages say the same words.
 */
export function translate(locale: Locale, fullKey: string, params: Params = {}): string {
  const dot = fullKey.indexOf('.');
  const ns = fullKey.slice(0, dot) as Namespace;
  const key = fullKey.slice(dot + 1);
  const lookup = (path: string): string | undefined => {
    let node: unknown = RESOURCES[locale][ns];
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  let text = lookup(key);
  if (typeof params.count === 'number') {
    const form = new Intl.PluralRules(LOCALE_TAG[locale]).select(params.count);
    text = lookup(`${key}_${form}`) ?? lookup(`${key}_other`) ?? text;
  }
  if (text === undefined) return fullKey;
  const all = { ...DEFAULT_PARAMS, ...params };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(all[name] ?? ''));
}
