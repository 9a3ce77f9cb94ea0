import { currentLocaleTag } from './i18n.ts';

/** Dates and numbers follow en-US or ru-RU, whichever language the page is in. */
export const formatDate = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string =>
  new Intl.DateTimeFormat(currentLocaleTag(), options).format(new Date(value));

export const formatDateTime = (value: Date | string | number): string => formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });

export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(currentLocaleTag(), options).format(value);
