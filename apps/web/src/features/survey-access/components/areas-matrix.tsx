import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type AreaChange, type AreaPerson, COMPANY_ROLES } from '@portal/shared';
import { type AccessArea, effectiveAreas } from '@portal/shared/survey-model';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { companyChoices } from '../../../lib/company-choices.ts';
import { useAreaPeople, useUpdateAreas } from '../api/areas.ts';
import { notifyDone, notifyFailed } from './reports-toasts.ts';

const cellKey = (userId: number, area: AccessArea) => `${userId}:${area}`;

/**
 * The staff's matrix of who in each member company holds which areas (one column per area given): changes are
 * gathered on the page, cell by cell or for the selected people at once, and saved together, all or nothing. The page
 * guards leaving with unsaved changes (one guard for all its sections), told of them through `onDirtyChange`.
 */
export function AreasMatrix({ areas, onDirtyChange }: { areas: readonly AccessArea[]; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState('company');
  const [search, setSearch] = useState('');
  const [company, setCompany] = useState<Choice | null>(null);
  const [role, setRole] = useState('');
  const [holding, setHolding] = useState('');
  /** Unsaved changes: the cell and what it will be (null: back to the role's default). */
  const [pending, setPending] = useState(() => new Map<string, AreaChange>());
  const [selected, setSelected] = useState(() => new Map<number, AreaPerson>());
  const [bulkArea, setBulkArea] = useState<AccessArea>(areas[0] as AccessArea);
  const [holdArea, holds] = holding ? (holding.split('|') as [AccessArea, string]) : [undefined, undefined];
  const people = useAreaPeople(prefix, {
    ...table,
    sort: table.sort as 'company',
    search,
    companyId: company?.id,
    role: role as '',
    area: holdArea,
    holds: holds === undefined ? undefined : holds === 'yes',
  });
  const save = useUpdateAreas(prefix);
  useEffect(() => onDirtyChange(pending.size > 0), [pending.size, onDirtyChange]);
  const rows = people.data?.rows ?? [];
  const areaName = (area: AccessArea) => t(`reports:areaShort.${area}`);
  const personName = (p: AreaPerson) => `${p.surname} ${p.name}`;

  /** What a cell shows: the unsaved change if there is one (back to default: what the role gives), else what the person holds. */
  const shown = (p: AreaPerson, area: AccessArea) => {
    const change = pending.get(cellKey(p.userId, area));
    if (!change) return p.areas.includes(area);
    return change.granted ?? effectiveAreas(p.role, []).includes(area);
  };
  const change = (p: AreaPerson, area: AccessArea, granted: boolean | null) =>
    setPending((current) => {
      const next = new Map(current);
      const key = cellKey(p.userId, area);
      // The same value again, or back to a default the cell already follows, is no change.
      const same = granted === null ? !p.overridden.includes(area) : granted === p.areas.includes(area);
      if (same) next.delete(key);
      else next.set(key, { userId: p.userId, area, granted });
      return next;
    });
  const applyToSelected = (granted: boolean | null) => {
    for (const p of selected.values()) change(p, bulkArea, granted);
  };
  const toggleSelected = (p: AreaPerson) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(p.userId)) next.delete(p.userId);
      else next.set(p.userId, p);
      return next;
    });
  const pageSelected = rows.length > 0 && rows.every((p) => selected.has(p.userId));
  const selectPage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const p of rows) {
        if (pageSelected) next.delete(p.userId);
        else next.set(p.userId, p);
      }
      return next;
    });
  const submit = () =>
    save.mutate([...pending.values()], {
      onSuccess: () => {
        notifyDone('areas');
        setPending(new Map());
        setSelected(new Map());
      },
      onError: (error) => notifyFailed('areas', error),
    });

  const columns: Column<AreaPerson>[] = [
    {
      key: 'select',
      label: '',
      width: 48,
      render: (p) => (
        <Checkbox
          size="small"
          checked={selected.has(p.userId)}
          onChange={() => toggleSelected(p)}
          slotProps={{ input: { 'aria-label': t('reports:access.selectRow', { name: personName(p) }) } }}
        />
      ),
    },
    {
      key: 'person',
      label: t('reports:access.person'),
      sortKey: 'name',
      render: (p) => (
        <Box>
          <Typography variant="body2">{personName(p)}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {p.email}
          </Typography>
        </Box>
      ),
    },
    { key: 'company', label: t('reports:access.company'), sortKey: 'company', render: (p) => p.company.name },
    { key: 'role', label: t('reports:access.role'), sortKey: 'role', render: (p) => t(`common:roles.${p.role}`) },
    ...areas.map(
      (area): Column<AreaPerson> => ({
        key: area,
        label: areaName(area),
        align: 'center',
        render: (p) => {
          const unsaved = pending.has(cellKey(p.userId, area));
          const set = p.overridden.includes(area);
          return (
            <Tooltip title={unsaved ? t('reports:access.cellUnsaved') : set ? t('reports:access.setByAdmin') : t('reports:access.byDefault')}>
              <Checkbox
                size="small"
                checked={shown(p, area)}
                onChange={(event) => change(p, area, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('reports:access.cell', { area: areaName(area), name: personName(p) }) } }}
                sx={{
                  borderRadius: 1,
                  outline: unsaved ? '2px solid' : set ? '1px dashed' : 'none',
                  outlineColor: unsaved ? 'warning.main' : 'text.secondary',
                }}
              />
            </Tooltip>
          );
        },
      }),
    ),
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        <Box sx={{ minWidth: 220 }}>
          <SearchAutocomplete
            size="small"
            label={t('reports:access.company')}
            value={company}
            onChange={filtered(setCompany)}
            query={(s) => companyChoices(prefix, s)}
            noOptionsText={t('reports:access.noCompanies')}
          />
        </Box>
        <FilterSelect
          label={t('reports:access.role')}
          value={role}
          onChange={filtered(setRole)}
          allLabel={t('reports:access.allRoles')}
          options={COMPANY_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))}
        />
        <FilterSelect
          label={t('reports:access.holdsFilter')}
          value={holding}
          onChange={filtered(setHolding)}
          options={areas.flatMap((a) => [
            { value: `${a}|yes`, label: t('reports:access.holds', { area: areaName(a) }) },
            { value: `${a}|no`, label: t('reports:access.lacks', { area: areaName(a) }) },
          ])}
        />
      </Stack>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Checkbox
            size="small"
            checked={pageSelected}
            onChange={selectPage}
            slotProps={{ input: { 'aria-label': t('reports:access.selectPage') } }}
          />
          <Typography variant="body2">{t('reports:access.selected', { count: selected.size })}</Typography>
          <TextField
            select
            size="small"
            label={t('reports:access.chooseArea')}
            value={bulkArea}
            onChange={(event) => setBulkArea(event.target.value as AccessArea)}
            sx={{ minWidth: 180 }}
          >
            {areas.map((a) => (
              <MenuItem key={a} value={a}>
                {areaName(a)}
              </MenuItem>
            ))}
          </TextField>
          <Button size="small" variant="outlined" disabled={!selected.size} onClick={() => applyToSelected(true)}>
            {t('reports:access.give')}
          </Button>
          <Button size="small" variant="outlined" disabled={!selected.size} onClick={() => applyToSelected(false)}>
            {t('reports:access.takeAway')}
          </Button>
          <Button size="small" disabled={!selected.size} onClick={() => applyToSelected(null)}>
            {t('reports:access.resetDefault')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {pending.size ? (
            <Typography variant="body2" color="warning.dark">
              {t('reports:access.unsaved', { count: pending.size })}
            </Typography>
          ) : null}
          <Button size="small" disabled={!pending.size || save.isPending} onClick={() => setPending(new Map())}>
            {t('reports:access.discard')}
          </Button>
          <Button size="small" variant="contained" disabled={!pending.size} loading={save.isPending} onClick={submit}>
            {t('reports:access.save')}
          </Button>
        </Stack>
      </Paper>
      <PagedTable
        label={t('reports:access.tableLabel')}
        columns={columns}
        rows={rows}
        total={people.data?.total ?? 0}
        loading={people.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(p) => p.userId}
      />
    </Stack>
  );
}
