import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { CalendarEvent, Registrant } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, PagedTable, useTableState } from '../../../components/paged-table.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadRegistrants, useRegistrants } from '../api/calendar.ts';
import { notifyFailed } from './notify.ts';

/** An event's people for staff: seats first, then the waiting list in turn; searched, paged, downloaded as Excel. */
export function RegistrantsDialog({ event, onClose }: { event: CalendarEvent; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const prefix = useStaffPrefix();
  const { table, setTable, filtered } = useTableState();
  const [search, setSearch] = useState('');
  const list = useRegistrants(prefix, event.id, table.page, table.pageSize, search);
  const title = i18n.language === 'ru' ? event.titleRu : event.titleEn;
  const columns: Column<Registrant>[] = [
    { key: 'name', label: t('content:calendar.person'), render: (r) => r.name },
    { key: 'email', label: t('content:calendar.email'), render: (r) => r.email },
    { key: 'company', label: t('content:calendar.company'), render: (r) => r.company },
    { key: 'status', label: t('content:calendar.place'), nowrap: true, render: (r) => t(`content:calendar.status.${r.status}`) },
    { key: 'registeredAt', label: t('content:calendar.registeredOn'), nowrap: true, render: (r) => formatDateTime(r.registeredAt) },
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('content:calendar.peopleOf', { title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SearchField value={search} onChange={filtered(setSearch)} />
          <PagedTable
            label={t('content:calendar.peopleOf', { title })}
            columns={columns}
            rows={list.data?.rows ?? []}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            state={table}
            onStateChange={setTable}
            rowKey={(r) => r.userId}
            emptyText={t('content:calendar.nobody')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void downloadRegistrants(prefix, event.id).catch((error: unknown) => notifyFailed('registrantsDownloaded', error))}>
          {t('content:calendar.downloadPeople')}
        </Button>
        <Button onClick={onClose}>{t('common:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
