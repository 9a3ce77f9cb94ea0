import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAIL_TYPES, type MailType, type TemplateSummary } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { type RowAction, RowActions } from '../../../components/row-actions.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useTemplates } from '../api/mail-templates.ts';
import { useDeleteTemplate } from '../api/manage-templates.ts';
import { mailTypeOrder, useMailLabels } from './mail-labels.ts';
import { templateToasts } from './mail-toasts.ts';
import { TemplateViewDialog } from './template-view-dialog.tsx';

const TABLE_STATE = initialTableState();

/** By kind of e-mail (the portal's order of types), the built-in one first, then by name. */
const inOrder = (rows: readonly TemplateSummary[]) =>
  [...rows].sort((a, b) => mailTypeOrder(a.type) - mailTypeOrder(b.type) || Number(b.builtin) - Number(a.builtin) || a.name.localeCompare(b.name));

/**
 * Every mail template, by kind of e-mail, filtered by kind. Everyone on the staff opens one read-only, with its preview
 * (and may send it to themselves as a test); admin also creates, edits and deletes them (a built-in one is never deleted).
 */
export function TemplatesTable({ base, isAdmin }: { base: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const labels = useMailLabels();
  const navigate = useNavigate();
  const prefix = useStaffPrefix();
  const list = useTemplates(prefix);
  const remove = useDeleteTemplate();
  const [kind, setKind] = useState<MailType | ''>('');
  const [viewing, setViewing] = useState<TemplateSummary | null>(null);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:templates.${key}`, params ?? {});
  const all = inOrder(list.data ?? []);
  const rows = kind ? all.filter((row) => row.type === kind) : all;
  const presentTypes = MAIL_TYPES.filter((type) => all.some((row) => row.type === type));

  const actionsOf = (row: TemplateSummary): RowAction[] => [
    { label: word('view', { name: row.name }), icon: <VisibilityOutlined fontSize="small" />, onClick: () => setViewing(row) },
    {
      label: word('edit', { name: row.name }),
      icon: <EditOutlined fontSize="small" />,
      onClick: () => void navigate(`${base}/cwg/template/edit/${row.id}`),
      hidden: !isAdmin,
    },
    {
      label: word('delete', { name: row.name }),
      icon: <DeleteOutlined fontSize="small" />,
      color: 'error',
      onClick: () => setDeleting(row),
      hidden: !isAdmin || row.builtin,
    },
  ];

  const columns: Column<TemplateSummary>[] = [
    { key: 'type', label: word('columns.type'), render: (row) => labels.type(row.type) },
    {
      key: 'name',
      label: word('columns.name'),
      render: (row) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {row.name}
          </Box>
          {row.builtin ? <Chip size="small" variant="outlined" label={word('builtin')} /> : null}
        </Stack>
      ),
    },
    {
      key: 'description',
      label: word('columns.description'),
      render: (row) => (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', maxWidth: '50ch' }}>
          {row.description}
        </Typography>
      ),
    },
    { key: 'updatedAt', label: word('columns.updatedAt'), nowrap: true, render: (row) => formatDateTime(row.updatedAt) },
    { key: 'actions', label: word('columns.actions'), align: 'right', render: (row) => <RowActions actions={actionsOf(row)} /> },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {word('intro')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterSelect
          label={word('kindFilter')}
          value={kind}
          onChange={(value) => setKind(value as MailType | '')}
          options={presentTypes.map((type) => ({ value: type, label: labels.type(type) }))}
        />
        <Box sx={{ flexGrow: 1 }} />
        {isAdmin ? (
          <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`${base}/cwg/template/create`}>
            {word('add')}
          </Button>
        ) : null}
      </Stack>
      {list.error ? <Alert severity="error">{errorMessage(list.error)}</Alert> : null}
      <PagedTable
        label={word('label')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={list.isFetching}
        state={TABLE_STATE}
        onStateChange={() => undefined}
        rowKey={(row) => row.id}
        emptyText={kind ? word('noMatch') : word('empty')}
        noPaging
      />
      {viewing ? <TemplateViewDialog summary={viewing} onClose={() => setViewing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={word('deleteDialog.title', { name: deleting?.name ?? '' })}
        confirmLabel={word('deleteDialog.confirm')}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            // A refusal (built in, or chosen in the settings: 409) would be the same again: its toast says why, the dialog closes.
            onSettled: () => setDeleting(null),
            ...templateToasts.toastCallbacks('deleted', { name: deleting.name }),
          })
        }
        onClose={() => setDeleting(null)}
      >
        <Typography>{word('deleteDialog.text')}</Typography>
      </ConfirmDialog>
    </Stack>
  );
}
