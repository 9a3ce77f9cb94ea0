import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import GroupRemoveOutlined from '@mui/icons-material/GroupRemoveOutlined';
import Alert from '@mui/material/Alert';
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
import { carTarget, type PositionsData, positionTarget, type ReferenceItem, type SurveyIssue, type SurveyPositionInfo } from '@portal/shared';
import { ALLOWANCE_TYPES, CAR_ACQUISITIONS, CAR_CLASSES, CAR_ELIGIBILITIES, CAR_PRIVATE_USES } from '@portal/shared/survey-model';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { saveCalls } from '../api/survey-mutations.ts';
import { SURVEY_KEY, useSurveyJobGroups } from '../api/survey-queries.ts';
import { type CellState, GridInput, GridSelect } from './grid-cell.tsx';
import { IncumbentsExcel } from './incumbents-excel.tsx';
import { PositionsExcel } from './positions-excel.tsx';
import { useSurveySession } from './survey-session.tsx';
import { issueMessage, issuesAt } from './survey-steps.ts';

const FIGURES = ['headcount', 'baseSalaryAvg', 'guaranteedExtraAnnual', 'bonusEligiblePct', 'bonusTargetPct', 'bonusActualAvg'] as const;
const CAR_FIGURES = ['priceCap', 'replacementMonths', 'replacementKm', 'fuelLimit', 'employeeContribution', 'cashAllowance'] as const;
type Figure = (typeof FIGURES)[number];
type Row = {
  positionId: number;
  regionId: number;
  matchQuality: string;
  comment: string;
  allowances: Record<string, string>;
  /** People uploaded for the row: its figures come from them and are read-only. */
  incumbents: number;
} & Record<Figure, string>;
type Car = {
  positionId: number;
  eligibility: string;
  carClass: string;
  acquisition: string;
  privateUse: string;
  typicalCarModelId: number | null;
} & Record<(typeof CAR_FIGURES)[number], string>;

/** Stored figures as people read them: "150000.00" shows as "150000". */
const shown = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(Number(v)));
const rowKey = (r: { positionId: number; regionId: number }) => `${r.positionId}:${r.regionId}`;

function draftOf(data: PositionsData): { rows: Row[]; cars: Car[] } {
  return {
    rows: data.rows.map((r) => ({
      positionId: r.positionId,
      regionId: r.regionId,
      matchQuality: r.matchQuality,
      comment: r.comment,
      allowances: Object.fromEntries(r.allowances.map((a) => [a.type, shown(a.amountAvg)])),
      incumbents: r.incumbents,
      ...(Object.fromEntries(FIGURES.map((f) => [f, shown(r[f])])) as Record<Figure, string>),
    })),
    cars: data.cars.map((c) => ({
      positionId: c.positionId,
      eligibility: c.eligibility,
      carClass: c.carClass ?? '',
      acquisition: c.acquisition ?? '',
      privateUse: c.privateUse ?? '',
      typicalCarModelId: c.typicalCarModelId,
      ...(Object.fromEntries(CAR_FIGURES.map((f) => [f, shown(c[f])])) as Record<(typeof CAR_FIGURES)[number], string>),
    })),
  };
}

type Draft = { rows: Row[]; cars: Car[] };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an autosave sends: the rows and the chosen car rows that differ from the last save (the server keeps the rows a
 * save does not name), so a change of a few cells sends a few rows, not the whole 400-row grid.
 */
function changesOf(saved: Draft, next: Draft): Draft {
  const savedRows = new Map(saved.rows.map((r) => [rowKey(r), r]));
  const savedCars = new Map(saved.cars.map((c) => [c.positionId, c]));
  return {
    rows: next.rows.filter((r) => !same(savedRows.get(rowKey(r)), r)),
    cars: next.cars.filter((c) => c.eligibility && !same(savedCars.get(c.positionId), c)),
  };
}

/**
 * The server names a refused cell by its place in the body (`rows.2.baseSalaryAvg`); the grid names it by the row's
 * place in the draft and by the car row's position.
 */
function draftFields(fields: Record<string, string>, sent: Draft, draft: Draft): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => {
      const [list, at, ...rest] = path.split('.');
      const row = list === 'rows' ? sent.rows[Number(at)] : undefined;
      const car = list === 'cars' ? sent.cars[Number(at)] : undefined;
      if (row) return [['rows', draft.rows.indexOf(row), ...rest].join('.'), message];
      if (car) return [['cars', car.positionId, ...rest].join('.'), message];
      return [path, message];
    }),
  );
}

/** What savePositions takes: the rows with their allowances, and the car rows. */
function bodyOf(draft: Draft) {
  return {
    rows: draft.rows.map(({ allowances, incumbents: _, ...r }) => ({
      ...r,
      allowances: Object.entries(allowances)
        .filter(([, v]) => v.trim() !== '')
        .map(([type, amountAvg]) => ({ type: type as (typeof ALLOWANCE_TYPES)[number], amountAvg, shareReceivingPct: null })),
    })),
    cars: draft.cars.map((c) => ({ ...c, carClass: c.carClass || null, acquisition: c.acquisition || null, privateUse: c.privateUse || null })),
  };
}

/**
 * Step: the positions grid (position × region: headcount, base, 13th salary, bonus, allowances) and the car policy of
 * each position; errors and warnings on their cells; a row cleared after confirmation; the Excel round trip.
 */
export function PositionsStep({
  data,
  positions,
  regions,
  issues,
}: {
  data: PositionsData;
  positions: SurveyPositionInfo[];
  regions: ReferenceItem[];
  issues: SurveyIssue[];
}) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const client = useQueryClient();
  const groups = useSurveyJobGroups().data ?? [];
  const [draft, setDraft] = useState(() => draftOf(data));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [group, setGroup] = useState<number | ''>('');
  const [clearing, setClearing] = useState<Row | null>(null);
  const [releasing, setReleasing] = useState<Row | null>(null);
  const latest = useRef(draft);
  /** The grid as the last save left it: the next autosave sends what differs from it. */
  const saved = useRef(draft);
  useEffect(() => {
    latest.current = draftOf(data);
    saved.current = latest.current;
    setDraft(latest.current);
    setFieldErrors({});
  }, [data]);

  const ru = currentLocale() === 'ru';
  const position = useMemo(() => new Map(positions.map((p) => [p.id, p])), [positions]);
  const regionName = (id: number) => {
    const r = regions.find((x) => x.id === id);
    return r ? (ru ? r.nameRu : r.nameEn) : String(id);
  };
  const title = (id: number) => {
    const p = position.get(id);
    return p ? (ru ? p.titleRu : p.titleEn) : String(id);
  };

  const change = (next: Draft) => {
    latest.current = next;
    setDraft(next);
    let sent: Draft = { rows: [], cars: [] };
    let from = next;
    session.changed({
      save: async (version) => {
        from = latest.current;
        sent = changesOf(saved.current, from);
        const result = await saveCalls.positions({ version, ...bodyOf(sent) } as never);
        saved.current = from;
        return result;
      },
      reload: () => setDraft(draftOf(data)),
      invalid: (error) => setFieldErrors(draftFields(error.fields, sent, from)),
    });
  };
  const setRow = (key: string, patch: Partial<Row>) =>
    change({ ...latest.current, rows: latest.current.rows.map((r) => (rowKey(r) === key ? { ...r, ...patch } : r)) });
  const setCar = (positionId: number, patch: Partial<Car>) => {
    const exists = latest.current.cars.some((c) => c.positionId === positionId);
    const blank: Car = {
      positionId,
      eligibility: '',
      carClass: '',
      acquisition: '',
      privateUse: '',
      typicalCarModelId: null,
      ...(Object.fromEntries(CAR_FIGURES.map((f) => [f, ''])) as Record<(typeof CAR_FIGURES)[number], string>),
    };
    change({
      ...latest.current,
      cars: exists
        ? latest.current.cars.map((c) => (c.positionId === positionId ? { ...c, ...patch } : c))
        : [...latest.current.cars, { ...blank, ...patch }],
    });
  };

  const cellState = (target: string, field: string, serverPath?: string): CellState => {
    const server = serverPath ? fieldErrors[serverPath] : undefined;
    if (server) return { message: server, severity: 'error' };
    const found = issuesAt(issues, target, field);
    if (!found.length) return {};
    return { message: found.map((i) => issueMessage(t, i)).join(' '), severity: found.some((i) => i.severity === 'error') ? 'error' : 'warning' };
  };

  const clear = async () => {
    const row = clearing;
    setClearing(null);
    if (!row) return;
    try {
      await session.saveNow((version) => saveCalls.clearPosition({ version, positionId: row.positionId, regionId: row.regionId }));
      await client.invalidateQueries({ queryKey: SURVEY_KEY });
    } catch (error) {
      toast.error(t('errors:clearPositionFailed'), errorMessage(error));
    }
  };

  const release = async () => {
    const row = releasing;
    setReleasing(null);
    if (!row) return;
    try {
      if (await session.saveNow((version) => saveCalls.removeIncumbents({ version, positionId: row.positionId, regionId: row.regionId }))) {
        toast.success(t('survey:incumbents.removed'));
        await client.invalidateQueries({ queryKey: SURVEY_KEY });
      }
    } catch (error) {
      toast.error(t('errors:saveResponsesFailed'), errorMessage(error));
    }
  };

  const visible = draft.rows.filter((r) => group === '' || position.get(r.positionId)?.jobGroupId === group);
  const carPositions = [...new Set(draft.rows.map((r) => r.positionId))].filter((id) => group === '' || position.get(id)?.jobGroupId === group);
  const disabled = !session.editable;
  const options = (values: readonly string[], ns: string) => values.map((v) => ({ value: v, text: t(`survey:${ns}.${v}`) }));
  const gridIssues = issues.filter((i) => i.stepKey === 'positions' && (i.target === 'positions' || i.severity === 'staff_query'));

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('survey:positions.intro')}</Typography>
      {gridIssues.map((i) => (
        <Alert key={i.id} severity={i.severity === 'warning' ? 'warning' : i.severity === 'error' ? 'error' : 'info'}>
          {issueMessage(t, i)}
        </Alert>
      ))}
      <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} sx={{ '& > *': { flex: 1 } }}>
        <PositionsExcel />
        <IncumbentsExcel />
      </Stack>
      {draft.rows.length === 0 ? (
        <Alert severity="info">{t('survey:positions.empty')}</Alert>
      ) : (
        <>
          <TextField
            select
            size="small"
            label={t('survey:positions.group')}
            value={group}
            onChange={(e) => setGroup(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ maxWidth: 360 }}
          >
            <MenuItem value="">{t('survey:positions.allGroups')}</MenuItem>
            {groups
              .filter((g) => g.included > 0)
              .map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {ru ? g.nameRu : g.nameEn}
                </MenuItem>
              ))}
          </TextField>
          <TableContainer sx={{ maxHeight: 640 }}>
            <Table size="small" stickyHeader aria-label={t('survey:positions.gridLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ minWidth: 200 }}>{t('survey:columns.position')}</TableCell>
                  <TableCell>{t('survey:columns.region')}</TableCell>
                  {FIGURES.map((f) => (
                    <TableCell key={f}>{t(`survey:columns.${f}`)}</TableCell>
                  ))}
                  {ALLOWANCE_TYPES.map((a) => (
                    <TableCell key={a}>{t(`survey:columns.allowance.${a}`)}</TableCell>
                  ))}
                  <TableCell>{t('survey:columns.comment')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map((r) => {
                  const key = rowKey(r);
                  const index = draft.rows.indexOf(r);
                  const target = positionTarget(r);
                  const name = `${title(r.positionId)}, ${regionName(r.regionId)}`;
                  return (
                    <TableRow key={key} hover>
                      <TableCell component="th" scope="row">
                        {title(r.positionId)}
                        {r.incumbents ? (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {t('survey:incumbents.from', { count: r.incumbents })}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell>{regionName(r.regionId)}</TableCell>
                      {FIGURES.map((f) => (
                        <GridInput
                          key={f}
                          label={`${name}: ${t(`survey:columns.${f}`)}`}
                          value={r[f]}
                          disabled={disabled || r.incumbents > 0}
                          width={f === 'headcount' ? 64 : 104}
                          state={cellState(target, f, `rows.${index}.${f}`)}
                          onChange={(v) => setRow(key, { [f]: v })}
                        />
                      ))}
                      {ALLOWANCE_TYPES.map((a) => (
                        <GridInput
                          key={a}
                          label={`${name}: ${t(`survey:columns.allowance.${a}`)}`}
                          value={r.allowances[a] ?? ''}
                          disabled={disabled}
                          width={88}
                          state={cellState(target, `allowance.${a}.share`, `rows.${index}.allowances`)}
                          onChange={(v) => setRow(key, { allowances: { ...r.allowances, [a]: v } })}
                        />
                      ))}
                      <GridInput
                        label={`${name}: ${t('survey:columns.comment')}`}
                        value={r.comment}
                        disabled={disabled}
                        width={160}
                        state={cellState(target, 'comment', `rows.${index}.comment`)}
                        onChange={(v) => setRow(key, { comment: v })}
                      />
                      <TableCell sx={{ p: 0, whiteSpace: 'nowrap' }}>
                        {disabled ? null : (
                          <>
                            {r.incumbents ? (
                              <IconButton size="small" aria-label={t('survey:incumbents.remove', { name })} onClick={() => setReleasing(r)}>
                                <GroupRemoveOutlined fontSize="small" />
                              </IconButton>
                            ) : null}
                            <IconButton size="small" aria-label={t('survey:positions.clear', { name })} onClick={() => setClearing(r)}>
                              <DeleteOutlined fontSize="small" />
                            </IconButton>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('survey:positions.carsTitle')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('survey:positions.carsTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ minWidth: 200 }}>{t('survey:columns.position')}</TableCell>
                  <TableCell>{t('survey:columns.eligibility')}</TableCell>
                  <TableCell>{t('survey:columns.carClass')}</TableCell>
                  <TableCell>{t('survey:columns.acquisition')}</TableCell>
                  <TableCell>{t('survey:columns.privateUse')}</TableCell>
                  {CAR_FIGURES.map((f) => (
                    <TableCell key={f}>{t(`survey:columns.${f}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {carPositions.map((id) => {
                  const c = draft.cars.find((x) => x.positionId === id);
                  const target = carTarget(id);
                  const name = title(id);
                  const select = (field: 'eligibility' | 'carClass' | 'acquisition' | 'privateUse', values: readonly string[], ns: string) => (
                    <GridSelect
                      label={`${name}: ${t(`survey:columns.${field}`)}`}
                      value={c?.[field] ?? ''}
                      options={options(values, ns)}
                      disabled={disabled}
                      state={cellState(target, field, `cars.${id}.${field}`)}
                      onChange={(v) => setCar(id, { [field]: v })}
                    />
                  );
                  return (
                    <TableRow key={id}>
                      <TableCell component="th" scope="row">
                        {name}
                      </TableCell>
                      {select('eligibility', CAR_ELIGIBILITIES, 'eligibility')}
                      {select('carClass', CAR_CLASSES, 'carClass')}
                      {select('acquisition', CAR_ACQUISITIONS, 'acquisition')}
                      {select('privateUse', CAR_PRIVATE_USES, 'privateUse')}
                      {CAR_FIGURES.map((f) => (
                        <GridInput
                          key={f}
                          label={`${name}: ${t(`survey:columns.${f}`)}`}
                          value={c?.[f] ?? ''}
                          disabled={disabled || !c?.eligibility}
                          state={cellState(target, f, `cars.${id}.${f}`)}
                          onChange={(v) => setCar(id, { [f]: v })}
                        />
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      <ConfirmDialog
        open={clearing !== null}
        title={t('survey:positions.clearTitle')}
        confirmLabel={t('survey:positions.clearConfirm')}
        danger
        onConfirm={() => void clear()}
        onClose={() => setClearing(null)}
      >
        {clearing ? t('survey:positions.clearText', { name: `${title(clearing.positionId)}, ${regionName(clearing.regionId)}` }) : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={releasing !== null}
        title={t('survey:incumbents.removeTitle')}
        confirmLabel={t('survey:incumbents.removeConfirm')}
        onConfirm={() => void release()}
        onClose={() => setReleasing(null)}
      >
        {releasing ? t('survey:incumbents.removeText', { name: `${title(releasing.positionId)}, ${regionName(releasing.regionId)}` }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
