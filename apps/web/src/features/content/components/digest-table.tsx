import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Digest } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import { formatDate } from '../../../lib/format.ts';
import { downloadDigest, openDigest, useDeleteDigest, useDigests } from '../api/digest.ts';
import { DigestDialog } from './digest-dialog.tsx';
import { notifyFailed, toastCallbacks } from './notify.ts';

/** The media digest: every issue, newest first, to open or download; admin uploads, edits and deletes issues. */
export function DigestTable() {
  const { t } = useTranslation();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const { table, setTable, filtered } = useTableState('uploadedAt', 'desc');
  const [search, setSearch] = useState('');
  const [year, setYear] = useState('');
  const [editing, setEditing] = useState<Digest | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Digest | null>(null);
  const digests = useDigests({ ...table, search, year });
  const remove = useDeleteDigest();

  const columns: Column<Digest>[] = [
    {
      key: 'fileName',
      label: t('content:digest.fileName'),
      sortKey: 'fileName',
      render: (d) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PictureAsPdfOutlined fontSize="small" color="error" aria-hidden />
          <span>{d.fileName}</span>
        </Stack>
      ),
    },
    { key: 'size', label: t('content:digest.size'), sortKey: 'size', align: 'right', nowrap: true, render: (d) => formatFileSize(d.size) },
    { key: 'uploadedAt', label: t('content:digest.uploadedAt'), sortKey: 'uploadedAt', nowrap: true, render: (d) => formatDate(d.uploadedAt) },
    {
      key: 'actions',
      label: t('content:digest.actions'),
      align: 'right',
      render: (d) => (
        <RowActions
          actions={[
            {
              label: t('content:digest.open', { name: d.fileName }),
              icon: <OpenInNewOutlined fontSize="small" />,
              onClick: () => void openDigest(d.id).catch((error: unknown) => notifyFailed('digestOpened', error)),
            },
            {
              label: t('content:digest.download', { name: d.fileName }),
              icon: <DownloadOutlined fontSize="small" />,
              onClick: () => void downloadDigest(d.id).catch((error: unknown) => notifyFailed('digestOpened', error)),
            },
            {
              label: t('content:digest.edit', { name: d.fileName }),
              icon: <EditOutlined fontSize="small" />,
              onClick: () => setEditing(d),
              hidden: !isAdmin,
            },
            {
              label: t('content:digest.delete', { name: d.fileName }),
              icon: <DeleteOutlined fontSize="small" />,
              color: 'error',
              onClick: () => setDeleting(d),
              hidden: !isAdmin,
            },
          ]}
        />
      ),
    },
  ];

  const years = (digests.data?.years ?? []).map((y) => ({ value: String(y), label: String(y) }));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        <FilterSelect
          label={t('content:digest.year')}
          value={year}
          options={years}
          onChange={filtered(setYear)}
          allLabel={t('content:digest.allYears')}
        />
        <Box sx={{ flexGrow: 1 }} />
        {isAdmin ? (
          <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setEditing('new')}>
            {t('content:digest.upload')}
          </Button>
        ) : null}
      </Stack>
      <PagedTable
        label={t('content:digest.label')}
        columns={columns}
        rows={digests.data?.rows ?? []}
        total={digests.data?.total ?? 0}
        loading={digests.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(d) => d.id}
      />
      {editing ? <DigestDialog digest={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('content:digest.deleteTitle')}
        confirmLabel={t('content:digest.deleteConfirm')}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            deleting.id,
            toastCallbacks('digestDeleted', { name: deleting.fileName }, () => setDeleting(null)),
          )
        }
        onClose={() => setDeleting(null)}
      >
        {t('content:digest.deleteText', { name: deleting?.fileName ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
