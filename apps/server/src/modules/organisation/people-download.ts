import type { Locale, Person } from '@portal/shared';
import { LOCALE_TAG } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { Column } from '../../lib/table-file.ts';

/** The columns of the people downloads, headed in the caller's language. */
export function peopleColumns(locale: Locale): Column<Person>[] {
  const t = (key: string) => translate(locale, key);
  const date = new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'short', timeZone: 'UTC' });
  return [
    { header: t('organisation.columns.surname'), value: (p) => p.surname },
    { header: t('organisation.columns.name'), value: (p) => p.name },
    { header: t('organisation.columns.email'), value: (p) => p.email, width: 30 },
    { header: t('organisation.columns.company'), value: (p) => p.company?.name ?? '', width: 30 },
    { header: t('organisation.columns.position'), value: (p) => p.position, width: 30 },
    { header: t('organisation.columns.phone'), value: (p) => p.phone },
    { header: t('organisation.columns.role'), value: (p) => t(`common.roles.${p.role}`) },
    { header: t('organisation.columns.status'), value: (p) => t(`account.status.${p.status}`) },
    { header: t('organisation.columns.active'), value: (p) => t(p.isActive ? 'common.yes' : 'common.no'), width: 10 },
    { header: t('organisation.columns.createdAt'), value: (p) => date.format(new Date(p.createdAt)), width: 12 },
  ];
}
