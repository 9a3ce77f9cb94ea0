import { formatNumber } from './format.ts';

/** A file's size in the reader's language: "850 kB", "9.7 MB" ("9,7 МБ"). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' });
  return formatNumber(bytes / 1024 / 1024, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}
