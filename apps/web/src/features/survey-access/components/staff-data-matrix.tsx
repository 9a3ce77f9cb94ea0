import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STAFF_DATA_SCOPES, type StaffDataScope } from '@portal/shared/reports-model';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type StaffDataPerson, useStaffData, useUpdateStaffData } from '../api/staff-data.ts';
import { faultsByRow } from './grant-changes.ts';
import { notifyDone, notifyFailed } from './reports-toasts.ts';
import { isUnsaved, type ScopeDraft, setScope, shownScope } from './scope-changes.ts';

const TABLE_STATE = initialTableState();

/**
 * Admin's matrix of which staff may open company-identifiable data, a column per scope, each scope explained above it;
 * cells changed on the page are saved together, all or nothing, as on the areas matrix.
 */
export function StaffDataMatrix({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const staff = useStaffData();
  const save = useUpdateStaffData();
  const [draft, setDraft] = useState<ScopeDraft>(() => new Map());
  const [faults, setFaults] = useState(() => new Map<string, string>());
  useEffect(() => onDirtyChange(draft.size > 0), [draft.size, onDirtyChange]);
  const scopeName = (scope: StaffDataScope) => t(`reports:staffData.scope.${scope}`);

  const submit = () => {
    const changes = [...draft.values()];
    save.mutate(changes, {
      onSuccess: () => {
        notifyDone('staffData');
        setDraft(new Map());
        setFaults(new Map());
      },
      onError: (error) => {
        notifyFailed('staffData', error);
        const rows = changes.map((c) => String(c.userId));
        setFaults(error instanceof ApiError ? faultsByRow(error.fields, rows) : new Map());
      },
    });
  };

  const columns: Column<StaffDataPerson>[] = [
    {
      key: 'person',
      label: t('reports:access.person'),
      render: (p) => (
        <Box>
          <Typography variant="body2">{p.name}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: 'block' }}>
            {p.email}
          </Typography>
          {faults.has(String(p.userId)) ? (
            <Typography variant="caption" color="error">
              {faults.get(String(p.userId))}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    { key: 'role', label: t('reports:access.role'), render: (p) => t(`common:roles.${p.role}`) },
    ...STAFF_DATA_SCOPES.map(
      (scope): Column<StaffDataPerson> => ({
        key: scope,
        label: scopeName(scope),
        align: 'center',
        render: (p) => (
          <Checkbox
            size="small"
            checked={shownScope(draft, p, scope)}
            onChange={(event) => {
              setDraft(setScope(draft, p, scope, event.target.checked));
              setFaults(new Map());
            }}
            slotProps={{ input: { 'aria-label': t('reports:staffData.cell', { scope: scopeName(scope), name: p.name }) } }}
            sx={{
              borderRadius: 1,
              outline: isUnsaved(draft, p.userId, scope) ? '2px solid' : 'none',
              outlineColor: 'warning.main',
            }}
          />
        ),
      }),
    ),
  ];

  return (
    <Stack spacing={2}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {STAFF_DATA_SCOPES.map((scope) => (
          <Box key={scope} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {scopeName(scope)}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
              {t(`reports:staffData.explain.${scope}`)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}>
          {draft.size ? (
            <Typography variant="body2" color="warning.dark" sx={{ mr: 'auto' }}>
              {t('reports:access.unsaved', { count: draft.size })}
            </Typography>
          ) : null}
          <Button
            size="small"
            disabled={!draft.size || save.isPending}
            onClick={() => {
              setDraft(new Map());
              setFaults(new Map());
            }}
          >
            {t('reports:access.discard')}
          </Button>
          <Button size="small" variant="contained" disabled={!draft.size} loading={save.isPending} onClick={submit}>
            {t('reports:access.save')}
          </Button>
        </Stack>
      </Paper>
      {staff.error ? <Alert severity="error">{errorMessage(staff.error)}</Alert> : null}
      <PagedTable
        label={t('reports:staffData.tableLabel')}
        columns={columns}
        rows={staff.data?.rows ?? []}
        total={staff.data?.total ?? 0}
        loading={staff.isFetching}
        state={TABLE_STATE}
        onStateChange={() => {}}
        rowKey={(p) => p.userId}
        emptyText={t('reports:staffData.none')}
        noPaging
      />
    </Stack>
  );
}
