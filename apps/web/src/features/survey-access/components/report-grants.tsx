import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePeriodEditions } from '../api/period-editions.ts';
import { type AccessGrant, useReportGrants, useUpdateReportGrants } from '../api/report-grants.ts';
import { addGrants, draftChanges, draftSize, EMPTY_DRAFT, faultsByRow, type NewGrant, removeAdded, rowKey, toggleRevoke } from './grant-changes.ts';
import { GrantForm } from './grant-form.tsx';
import { useGrantLabels } from './grant-labels.ts';
import { notifyDone, notifyFailed } from './reports-toasts.ts';

type Row = AccessGrant | NewGrant;
const TABLE_STATE = initialTableState();
const isNew = (row: Row): row is NewGrant => !('id' in row);

/**
 * Who may read each period's reports (spec: report access settings): the live grants of the chosen period, grants added
 * and taken away on the page, saved together, all or nothing; a refused save marks the rows at fault.
 */
export function ReportGrants({
  prefix,
  periods,
  periodId,
  onPeriodChange,
  onDirtyChange,
}: {
  prefix: StaffPrefix;
  periods: readonly { id: number; label: string }[];
  periodId: number;
  onPeriodChange: (periodId: number) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const grants = useReportGrants(prefix, periodId);
  const editions = usePeriodEditions(prefix, periodId);
  const labels = useGrantLabels(editions.data ?? []);
  const save = useUpdateReportGrants(prefix);
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [faults, setFaults] = useState(() => new Map<string, string>());
  const live = grants.data ?? [];
  const pending = draftSize(draft);
  useEffect(() => onDirtyChange(pending > 0), [pending, onDirtyChange]);

  const edit = (next: typeof draft) => {
    setDraft(next);
    setFaults(new Map());
  };
  const submit = () => {
    const { changes, rows } = draftChanges(periodId, draft, live);
    save.mutate(changes, {
      onSuccess: () => {
        notifyDone('grants');
        setDraft(EMPTY_DRAFT);
        setFaults(new Map());
      },
      onError: (error) => {
        notifyFailed('grants', error);
        setFaults(error instanceof ApiError ? faultsByRow(error.fields, rows) : new Map());
      },
    });
  };

  const granteeName = (row: Row) => (isNew(row) ? row.grantee.name : (row.companyName ?? row.userName ?? ''));
  const byCompany = (row: Row) => (isNew(row) ? 'companyId' in row.grantee : row.companyId !== null);
  const columns: Column<Row>[] = [
    {
      key: 'subject',
      label: t('reports:grants.subject'),
      render: (row) => {
        const revoked = !isNew(row) && draft.revoked.has(row.id);
        const fault = faults.get(rowKey(row));
        return (
          <Box>
            <Typography variant="body2" sx={{ textDecoration: revoked ? 'line-through' : 'none' }}>
              {labels.subject(isNew(row) ? row.subject : row)}
            </Typography>
            {isNew(row) ? <Chip size="small" color="warning" variant="outlined" label={t('reports:grants.toGive')} sx={{ mt: 0.5 }} /> : null}
            {revoked ? <Chip size="small" color="warning" variant="outlined" label={t('reports:grants.toTakeAway')} sx={{ mt: 0.5 }} /> : null}
            {fault ? (
              <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                {fault}
              </Typography>
            ) : null}
          </Box>
        );
      },
    },
    {
      key: 'grantee',
      label: t('reports:grants.grantee'),
      render: (row) => (
        <Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {granteeName(row)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {byCompany(row) ? t('reports:grants.company') : t('reports:grants.person')}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'source',
      label: t('reports:grants.source'),
      render: (row) => (isNew(row) ? '—' : t(`reports:grants.sources.${row.source}`)),
    },
    {
      key: 'granted',
      label: t('reports:grants.granted'),
      render: (row) =>
        isNew(row) ? (
          '—'
        ) : (
          <Box>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.grantedAt)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {row.grantedByName ?? t('reports:grants.bySystem')}
            </Typography>
          </Box>
        ),
    },
    {
      key: 'actions',
      label: t('reports:grants.actions'),
      align: 'right',
      render: (row) => {
        const what = { subject: labels.subject(isNew(row) ? row.subject : row), grantee: granteeName(row) };
        if (isNew(row))
          return (
            <RowActions
              actions={[{ label: t('reports:grants.remove', what), icon: <DeleteOutlined />, onClick: () => edit(removeAdded(draft, row.key)) }]}
            />
          );
        const revoked = draft.revoked.has(row.id);
        return (
          <RowActions
            actions={[
              {
                label: revoked ? t('reports:grants.keep', what) : t('reports:grants.revoke', what),
                icon: revoked ? <UndoOutlined /> : <PersonRemoveOutlined />,
                color: revoked ? 'default' : 'error',
                onClick: () => edit(toggleRevoke(draft, row.id)),
              },
            ]}
          />
        );
      },
    },
  ];
  const periodLabel = periods.find((p) => p.id === periodId)?.label ?? '';

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('reports:grants.period')}
          value={periodId}
          disabled={pending > 0}
          onChange={(e) => {
            setFaults(new Map());
            onPeriodChange(Number(e.target.value));
          }}
          sx={{ width: 420, maxWidth: '100%' }}
        >
          {periods.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        {/* Said beside the field: a disabled field's own helper text is too faint to read. */}
        {pending > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('reports:grants.periodLocked')}
          </Typography>
        ) : null}
      </Stack>
      <GrantForm
        key={periodId}
        prefix={prefix}
        periodId={periodId}
        editions={editions.data ?? []}
        onAdd={(subject, grantees) => {
          const next = addGrants(draft, live, subject, grantees);
          edit(next.draft);
          return next.added;
        }}
      />
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}>
          {pending ? (
            <Typography variant="body2" color="warning.dark" sx={{ mr: 'auto' }}>
              {t('reports:access.unsaved', { count: pending })}
            </Typography>
          ) : null}
          <Button size="small" disabled={!pending || save.isPending} onClick={() => edit(EMPTY_DRAFT)}>
            {t('reports:grants.discard')}
          </Button>
          <Button size="small" variant="contained" disabled={!pending} loading={save.isPending} onClick={submit}>
            {t('reports:grants.save')}
          </Button>
        </Stack>
      </Paper>
      {faults.size ? <Alert severity="error">{t('reports:grants.refused')}</Alert> : null}
      {grants.error ? <Alert severity="error">{errorMessage(grants.error)}</Alert> : null}
      <PagedTable
        label={t('reports:grants.tableLabel', { period: periodLabel })}
        columns={columns}
        rows={[...live, ...draft.added]}
        total={live.length + draft.added.length}
        loading={grants.isFetching}
        state={TABLE_STATE}
        onStateChange={() => {}}
        rowKey={rowKey}
        rowSx={(row) => (faults.has(rowKey(row)) ? { outline: '2px solid', outlineColor: 'error.main', outlineOffset: -2 } : undefined)}
        emptyText={t('reports:grants.none')}
        noPaging
      />
    </Stack>
  );
}
