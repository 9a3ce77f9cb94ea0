import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { cutRowSchema } from '@portal/shared';
import type { SuppressReason } from '@portal/shared/reports-model';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatNumber } from '../../../lib/format.ts';
import { formatMoney } from './labels.tsx';

type CutRow = z.infer<typeof cutRowSchema>;
const MEANS = ['meanCompany', 'meanIncumbent'] as const;
const PERCENTILES = ['p10', 'p25', 'p50', 'p75', 'p90'] as const;
const STATS = [...MEANS, ...PERCENTILES] as const;
/** P10 and P90 follow stricter thresholds: they alone may be hidden while the rest of the row shows. */
const TAILS: ReadonlySet<string> = new Set(['p10', 'p90']);

/** The cut's statistics per position; a hidden value says why (its reason), never a blank. */
export function CutTable({ rows, loading }: { rows: readonly CutRow[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const title = (row: CutRow) => (i18n.language === 'ru' ? row.titleRu : row.titleEn);
  return (
    <Paper variant="outlined">
      {loading ? <LinearProgress aria-label={t('common:loading')} sx={{ height: 2 }} /> : <div style={{ height: 2 }} />}
      <TableContainer>
        <Table size="small" aria-label={t('reportsAdmin:cut.label')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('reportsAdmin:cut.position')}</TableCell>
              <TableCell align="right">{t('reportsAdmin:cut.nCompanies')}</TableCell>
              <TableCell align="right">{t('reportsAdmin:cut.nIncumbents')}</TableCell>
              {STATS.map((stat) => (
                <TableCell key={stat} align="right">
                  {t(`reportsAdmin:cut.${stat}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.positionId} hover>
                <TableCell component="th" scope="row">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {row.positionCode}
                  </Typography>
                  <Typography variant="body2">{title(row)}</Typography>
                </TableCell>
                <TableCell align="right">{formatNumber(row.nCompanies)}</TableCell>
                <TableCell align="right">{formatNumber(row.nIncumbents)}</TableCell>
                {row.suppressReason ? (
                  <TableCell colSpan={STATS.length}>
                    <Hidden reason={row.suppressReason} />
                  </TableCell>
                ) : (
                  STATS.map((stat) => (
                    <TableCell key={stat} align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Value value={row[stat]} reason={TAILS.has(stat) ? row.tailReason : null} />
                    </TableCell>
                  ))
                )}
              </TableRow>
            ))}
            {rows.length === 0 && !loading ? (
              <TableRow>
                <TableCell colSpan={3 + STATS.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('reportsAdmin:cut.empty')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function Value({ value, reason }: { value: string | null; reason: SuppressReason | null }) {
  if (reason) return <Hidden reason={reason} />;
  return value === null ? '—' : formatMoney(value);
}

function Hidden({ reason }: { reason: SuppressReason }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'inline-block', fontStyle: 'italic', whiteSpace: 'normal', lineHeight: 1.3, maxWidth: 110 }}
    >
      {t(`reportsAdmin:suppress.${reason}`)}
    </Typography>
  );
}
