import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DOC_CATEGORIES, type DocumentItem } from '@portal/shared';
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
import { downloadDocument, useDeleteDocument, useDocuments } from '../api/documents.ts';
import { DocumentDialog } from './document-dialog.tsx';
import { notifyFailed, toastCallbacks } from './notify.ts';

/** The documents meant for the person, newest first; admin publishes, edits and deletes them and sees whom each is for. */
export function DocumentsTable() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const role = user?.role ?? 'employee';
  const isAdmin = role === 'admin';
  const { table, setTable, filtered } = useTableState('uploadedAt', 'desc');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [editing, setEditing] = useState<DocumentItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const docs = useDocuments(role, { ...table, search, category });
  const remove = useDeleteDocument();
  const titleOf = (d: DocumentItem) => (i18n.language === 'ru' ? d.titleRu : d.titleEn);

  const columns: Column<DocumentItem>[] = [
    { key: 'title', label: t('content:documents.docTitle'), sortKey: 'title', render: titleOf },
    { key: 'category', label: t('content:documents.category'), render: (d) => t(`content:documents.categories.${d.category}`) },
    ...(isAdmin
      ? [{ key: 'roles', label: t('content:documents.roles'), render: (d: DocumentItem) => d.roles.map((r) => t(`common:roles.${r}`)).join(', ') }]
      : []),
    { key: 'size', label: t('content:documents.size'), align: 'right', nowrap: true, render: (d) => formatFileSize(d.size) },
    { key: 'uploadedAt', label: t('content:documents.uploadedAt'), sortKey: 'uploadedAt', nowrap: true, render: (d) => formatDate(d.uploadedAt) },
    {
      key: 'actions',
      label: t('content:documents.actions'),
      align: 'right',
      render: (d) => (
        <RowActions
          actions={[
            {
              label: t('content:documents.download', { title: titleOf(d) }),
              icon: <DownloadOutlined fontSize="small" />,
              onClick: () => void downloadDocument(role, d.id).catch((error: unknown) => notifyFailed('documentOpened', error)),
            },
            {
              label: t('content:documents.edit', { title: titleOf(d) }),
              icon: <EditOutlined fontSize="small" />,
              onClick: () => setEditing(d),
              hidden: !isAdmin,
            },
            {
              label: t('content:documents.delete', { title: titleOf(d) }),
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

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField value={search} onChange={filtered(setSearch)} />
        <FilterSelect
          label={t('content:documents.category')}
          value={category}
          onChange={filtered(setCategory)}
          allLabel={t('content:documents.allCategories')}
          options={DOC_CATEGORIES.map((c) => ({ value: c, label: t(`content:documents.categories.${c}`) }))}
        />
        <Box sx={{ flexGrow: 1 }} />
        {isAdmin ? (
          <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setEditing('new')}>
            {t('content:documents.upload')}
          </Button>
        ) : null}
      </Stack>
      <PagedTable
        label={t('content:documents.label')}
        columns={columns}
        rows={docs.data?.rows ?? []}
        total={docs.data?.total ?? 0}
        loading={docs.isFetching}
        state={table}
        onStateChange={setTable}
        rowKey={(d) => d.id}
      />
      {editing ? <DocumentDialog document={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('content:documents.deleteTitle')}
        confirmLabel={t('content:documents.deleteConfirm')}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            deleting.id,
            toastCallbacks('documentDeleted', { title: titleOf(deleting) }, () => setDeleting(null)),
          )
        }
        onClose={() => setDeleting(null)}
      >
        {t('content:documents.deleteText', { title: deleting ? titleOf(deleting) : '' })}
      </ConfirmDialog>
    </Stack>
  );
}
