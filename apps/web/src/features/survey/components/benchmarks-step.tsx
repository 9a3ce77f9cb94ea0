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
import { type BenchmarkData, type BenchmarkItem, itemTarget, type SurveyIssue } from '@portal/shared';
import { BENCHMARK_CATEGORIES, BENCHMARK_SECTIONS } from '@portal/shared/survey-model';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCalls } from '../api/survey-mutations.ts';
import { useSurveySession } from './survey-session.tsx';
import { issueMessage, issuesAt } from './survey-steps.ts';

type Value = string;
type Values = Record<string, Value>;
const keyOf = (itemId: number, category: string) => `${itemId}:${category}`;

function valuesOf(data: BenchmarkData): Values {
  const values: Values = {};
  for (const a of data.answers) {
    const item = data.items.find((i) => i.id === a.itemId);
    if (!item) continue;
    const v =
      item.unit === 'bool' ? (a.valueBool === null ? '' : String(a.valueBool)) : item.unit === 'choice' ? (a.valueChoice ?? '') : (a.valueNum ?? '');
    values[keyOf(a.itemId, a.category)] = item.unit === 'pct' || item.unit === 'month' ? (v === '' ? '' : String(Number(v))) : v;
  }
  return values;
}

/** The answers as the save takes them, one per item and category given. */
function answersOf(items: BenchmarkItem[], values: Values) {
  return items.flatMap((item) =>
    item.categories
      .filter((c) => values[keyOf(item.id, c)] !== undefined)
      .map((category) => {
        const v = values[keyOf(item.id, category)] ?? '';
        return {
          itemId: item.id,
          category,
          valueNum: item.unit === 'pct' || item.unit === 'month' ? v : null,
          valueBool: item.unit === 'bool' ? (v === '' ? null : v === 'true') : null,
          valueChoice: item.unit === 'choice' ? v : null,
        };
      }),
  );
}

/** Step: increase budgets, bonus payout and practices, per staff category. */
export function BenchmarksStep({ data, issues }: { data: BenchmarkData; issues: SurveyIssue[] }) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const [values, setValues] = useState<Values>(() => valuesOf(data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(values);
  useEffect(() => {
    latest.current = valuesOf(data);
    setValues(latest.current);
  }, [data]);
  const set = (item: BenchmarkItem, category: string, v: Value) => {
    const next = { ...latest.current, [keyOf(item.id, category)]: v };
    latest.current = next;
    setValues(next);
    session.changed({
      save: (version) => saveCalls.benchmarks({ version, answers: answersOf(data.items, latest.current) as never }),
      reload: () => setValues(valuesOf(data)),
      invalid: (error) => setErrors(error.fields),
    });
  };
  const categories = BENCHMARK_CATEGORIES.filter((c) => data.items.some((i) => i.categories.includes(c)));
  return (
    <Stack spacing={3}>
      {BENCHMARK_SECTIONS.map((section) => {
        const items = data.items.filter((i) => i.section === section);
        if (!items.length) return null;
        return (
          <Stack key={section} spacing={1}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t(`survey:benchmarks.section.${section}`)}
            </Typography>
            <TableContainer>
              <Table size="small" aria-label={t(`survey:benchmarks.section.${section}`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('survey:benchmarks.question')}</TableCell>
                    {categories.map((c) => (
                      <TableCell key={c}>{t(`survey:benchmarks.category.${c}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell component="th" scope="row" sx={{ minWidth: 220 }}>
                        {item.label}
                        {item.required ? ' *' : ''}
                      </TableCell>
                      {categories.map((c) => {
                        if (!item.categories.includes(c)) return <TableCell key={c} />;
                        const cellIssues = issuesAt(issues, itemTarget(item.id, c));
                        const index = answersOf(data.items, values).findIndex((a) => a.itemId === item.id && a.category === c);
                        const serverError = index >= 0 ? Object.entries(errors).find(([k]) => k.startsWith(`answers.${index}.`))?.[1] : undefined;
                        const message = serverError || cellIssues.map((x) => issueMessage(t, x)).join(' ') || undefined;
                        const name = `${item.label}: ${t(`survey:benchmarks.category.${c}`)}`;
                        const value = values[keyOf(item.id, c)] ?? '';
                        const common = {
                          size: 'small' as const,
                          value,
                          disabled: !session.editable,
                          error: Boolean(serverError || cellIssues.some((x) => x.severity === 'error')),
                          helperText: message,
                          slotProps: { htmlInput: { 'aria-label': name } },
                          onChange: (e: { target: { value: string } }) => set(item, c, e.target.value),
                        };
                        return (
                          <TableCell key={c} sx={{ minWidth: 130 }}>
                            {item.unit === 'bool' || item.unit === 'choice' ? (
                              <TextField select fullWidth {...common} slotProps={{ select: { inputProps: { 'aria-label': name } } }}>
                                <MenuItem value="">—</MenuItem>
                                {(item.unit === 'bool' ? ['true', 'false'] : item.choices).map((o) => (
                                  <MenuItem key={o} value={o}>
                                    {item.unit === 'bool' ? t(o === 'true' ? 'common:yes' : 'common:no') : t(`survey:benchmarks.choice.${o}`)}
                                  </MenuItem>
                                ))}
                              </TextField>
                            ) : (
                              <TextField {...common} inputMode="decimal" />
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
        );
      })}
    </Stack>
  );
}
