import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type SurveyIssue, type TurnoverData, turnoverTarget } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n.ts';
import { saveCalls } from '../api/survey-mutations.ts';
import { useSurveyJobGroups } from '../api/survey-queries.ts';
import { useSurveySession } from './survey-session.tsx';
import { issueMessage, issuesAt } from './survey-steps.ts';

const FIELDS = ['headcountStart', 'headcountEnd', 'hires', 'totalLeavers', 'voluntaryLeavers', 'firstYearLeavers'] as const;
type Field = (typeof FIELDS)[number];
type Row = { jobGroupId: number | null } & Record<Field, string>;

const toRow = (r: TurnoverData['rows'][number]): Row => ({
  jobGroupId: r.jobGroupId,
  ...(Object.fromEntries(FIELDS.map((f) => [f, r[f] === null ? '' : String(r[f])])) as Record<Field, string>),
});
const blank = (jobGroupId: number | null): Row => ({ jobGroupId, ...(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>) });
const rowsOf = (data: TurnoverData) => {
  const rows = data.rows.map(toRow);
  return rows.some((r) => r.jobGroupId === null) ? rows : [blank(null), ...rows];
};

/** Step: hires and leavers of the company and, optionally, of job groups; rates are derived by the server. */
export function TurnoverStep({ data, issues }: { data: TurnoverData; issues: SurveyIssue[] }) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const groups = useSurveyJobGroups().data ?? [];
  const [rows, setRows] = useState<Row[]>(() => rowsOf(data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(rows);
  useEffect(() => {
    latest.current = rowsOf(data);
    setRows(latest.current);
  }, [data]);
  const ru = currentLocale() === 'ru';
  const groupName = (id: number | null) => {
    if (id === null) return t('survey:turnover.company');
    const g = groups.find((x) => x.id === id);
    return g ? (ru ? g.nameRu : g.nameEn) : String(id);
  };
  const change = (next: Row[]) => {
    latest.current = next;
    setRows(next);
    session.changed({
      save: (version) => saveCalls.turnover({ version, rows: latest.current.map((r) => ({ ...r })) }),
      reload: () => setRows(rowsOf(data)),
      invalid: (error) => setErrors(error.fields),
    });
  };
  const derived = (jobGroupId: number | null) => data.rows.find((r) => r.jobGroupId === jobGroupId);
  const free = groups.filter((g) => !rows.some((r) => r.jobGroupId === g.id));
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('survey:turnover.intro')}</Typography>
      <TableContainer>
        <Table size="small" aria-label={t('survey:steps.turnover')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('survey:turnover.scope')}</TableCell>
              {FIELDS.map((f) => (
                <TableCell key={f}>{t(`survey:turnover.${f}`)}</TableCell>
              ))}
              <TableCell>{t('survey:turnover.rates')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => {
              const target = turnoverTarget(r.jobGroupId);
              const rate = derived(r.jobGroupId);
              return (
                <TableRow key={r.jobGroupId ?? 0}>
                  <TableCell component="th" scope="row">
                    {groupName(r.jobGroupId)}
                  </TableCell>
                  {FIELDS.map((f) => {
                    const message =
                      errors[`rows.${i}.${f}`] ||
                      issuesAt(issues, target, f)
                        .map((x) => issueMessage(t, x))
                        .join(' ');
                    return (
                      <TableCell key={f} sx={{ minWidth: 110 }}>
                        <TextField
                          size="small"
                          inputMode="numeric"
                          value={r[f]}
                          disabled={!session.editable}
                          error={Boolean(errors[`rows.${i}.${f}`] || issuesAt(issues, target, f).some((x) => x.severity === 'error'))}
                          helperText={message || undefined}
                          slotProps={{ htmlInput: { 'aria-label': `${groupName(r.jobGroupId)}: ${t(`survey:turnover.${f}`)}` } }}
                          onChange={(e) => {
                            setErrors((x) => ({ ...x, [`rows.${i}.${f}`]: '' }));
                            change(rows.map((x, j) => (j === i ? { ...x, [f]: e.target.value } : x)));
                          }}
                        />
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    {rate?.turnoverPct ? t('survey:turnover.rateText', { total: rate.turnoverPct, voluntary: rate.voluntaryPct ?? '—' }) : '—'}
                  </TableCell>
                  <TableCell>
                    {r.jobGroupId !== null && session.editable ? (
                      <IconButton
                        aria-label={t('survey:turnover.remove', { group: groupName(r.jobGroupId) })}
                        onClick={() => change(rows.filter((_, j) => j !== i))}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {session.editable && free.length ? (
        <TextField
          select
          size="small"
          label={t('survey:turnover.addGroup')}
          value=""
          sx={{ maxWidth: 360 }}
          onChange={(e) => change([...rows, blank(Number(e.target.value))])}
        >
          {free.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {ru ? g.nameRu : g.nameEn}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Stack>
  );
}
