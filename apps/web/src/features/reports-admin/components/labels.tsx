import Chip from '@mui/material/Chip';
import type { Report } from '@portal/shared';
import type { ReportStatus } from '@portal/shared/reports-model';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';

const STATUS_COLOR: Record<ReportStatus, 'default' | 'info' | 'success' | 'error' | 'primary' | 'warning'> = {
  draft: 'default',
  queued: 'info',
  generating: 'info',
  ready: 'success',
  failed: 'error',
  published: 'primary',
  withdrawn: 'warning',
};

export function StatusChip({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`reportsAdmin:status.${status}`)} />;
}

/** "General report, English, Excel": what an edition is, for buttons' names and the history's targets. */
export function useEditionName(): (r: Pick<Report, 'type' | 'language' | 'format' | 'companyName'>) => string {
  const { t } = useTranslation();
  return (r) =>
    t('reportsAdmin:edition', {
      type: r.companyName ? `${t(`reportsAdmin:type.${r.type}`)} (${r.companyName})` : t(`reportsAdmin:type.${r.type}`),
      language: t(`reportsAdmin:language.${r.language}`),
      format: t(`reportsAdmin:format.${r.format}`),
    });
}

/** A task's failure in the reader's language: its catalogue key ("errors.generationInterrupted") or the bare code of errors. */
export const taskErrorMessage = (code: string | null): string =>
  translateMessage(code?.includes('.') ? code : `errors.${code ?? 'generationInterrupted'}`);

/** A statistic in roubles a month, with the locale's grouping (they are rounded to 100 when published). */
export const formatMoney = (value: string): string => formatNumber(Number(value), { maximumFractionDigits: 0 });

/** A task's progress (0–100) as the locale writes a percentage. */
export const formatPercent = (pct: number): string => formatNumber(Math.round(pct) / 100, { style: 'percent' });
