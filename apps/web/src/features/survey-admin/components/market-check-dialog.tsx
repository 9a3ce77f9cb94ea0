import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProgressRow } from '@portal/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { useOutliers } from '../api/progress.ts';

const money = (v: string) => formatNumber(Number(v), { maximumFractionDigits: 0 });

/**
 * The review's market check of one response (design §2, staff only): the grid rows more than 3× above or below the median
 * of their position and region among the period's other answers, with the value, the median and the ratio.
 */
export function MarketCheckDialog({
  prefix,
  periodId,
  row,
  onClose,
}: {
  prefix: StaffPrefix;
  periodId: number;
  row: ProgressRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const check = useOutliers(prefix, { periodId, companyId: row.companyId });
  const data = check.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('surveyAdmin:market.title', { company: row.company })}</DialogTitle>
      <DialogContent>
        {check.isPending ? <LinearProgress aria-label={t('common:loading')} /> : null}
        {check.isError ? (
          <Alert severity="error">
            {t('surveyAdmin:market.failed')} {errorMessage(check.error)}
          </Alert>
        ) : null}
        {data ? (
          <Stack spacing={2}>
            <Typography>{t('surveyAdmin:market.intro', { min: data.minCompanies })}</Typography>
            <Typography color="text.secondary">{t('surveyAdmin:market.staffOnly')}</Typography>
            {data.rows === 0 ? (
              <Alert severity="info">{t('surveyAdmin:market.noRows')}</Alert>
            ) : (
              <Typography>{t('surveyAdmin:market.compared', { compared: data.compared, rows: data.rows })}</Typography>
            )}
            {data.rows > 0 && data.outliers.length === 0 ? <Alert severity="success">{t('surveyAdmin:market.none')}</Alert> : null}
            {data.outliers.length ? (
              <Table size="small" aria-label={t('surveyAdmin:market.label')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('surveyAdmin:market.position')}</TableCell>
                    <TableCell>{t('surveyAdmin:market.region')}</TableCell>
                    <TableCell align="right">{t('surveyAdmin:market.base')}</TableCell>
                    <TableCell align="right">{t('surveyAdmin:market.median')}</TableCell>
                    <TableCell align="right">{t('surveyAdmin:market.ratio')}</TableCell>
                    <TableCell align="right">{t('surveyAdmin:market.companies')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.outliers.map((o) => (
                    <TableRow key={`${o.positionId}-${o.regionId}`}>
                      <TableCell>
                        {o.position} ({o.positionCode})
                      </TableCell>
                      <TableCell>{o.region}</TableCell>
                      <TableCell align="right">{money(o.baseSalaryAvg)}</TableCell>
                      <TableCell align="right">{money(o.median)}</TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                          <span>{t('surveyAdmin:market.ratioValue', { ratio: formatNumber(o.ratio, { minimumFractionDigits: 2 }) })}</span>
                          <Chip size="small" color="warning" label={t(o.ratio > 1 ? 'surveyAdmin:market.above' : 'surveyAdmin:market.below')} />
                        </Stack>
                      </TableCell>
                      <TableCell align="right">{o.companies}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('surveyAdmin:market.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
