import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { CommitteeAdmin } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useDeleteCommittee, useSetCommitteeActive } from '../api/manage-committees.ts';
import { useCommitteeLabels } from './labels.ts';
import { toastCallbacks } from './staff-toasts.ts';

/** Confirms switching a committee or group off, saying what that does (switching on needs no question). */
export function DeactivateCommitteeDialog({ row, onClose }: { row: CommitteeAdmin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const setActive = useSetCommitteeActive();
  if (!row) return null;
  const name = labels.name(row);
  return (
    <ConfirmDialog
      open
      title={t('committees:staff.deactivateDialog.title', { name })}
      confirmLabel={t('committees:staff.deactivateDialog.confirm')}
      danger
      pending={setActive.isPending}
      onConfirm={() => setActive.mutate({ row, isActive: false }, toastCallbacks('deactivated', { name }, onClose))}
      onClose={onClose}
    >
      <Typography>{t('committees:staff.deactivateDialog.text')}</Typography>
    </ConfirmDialog>
  );
}

/** Confirms deleting a committee or group, naming what goes with it, with the counts. */
export function DeleteCommitteeDialog({ row, onClose }: { row: CommitteeAdmin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const remove = useDeleteCommittee();
  if (!row) return null;
  const name = labels.name(row);
  const counted = [
    ...(row.parentId === null ? [{ key: 'groups', text: t('committees:logField.groups'), n: row.groups }] : []),
    { key: 'members', text: t('committees:logField.members'), n: row.members },
    { key: 'subscribers', text: t('committees:logField.subscribers'), n: row.subscribers },
    { key: 'openRequests', text: t('committees:staff.list.openRequests'), n: row.openRequests },
  ].filter((item) => item.n > 0);
  return (
    <ConfirmDialog
      open
      title={t('committees:staff.deleteDialog.title', { name })}
      confirmLabel={t('committees:staff.deleteDialog.confirm')}
      danger
      pending={remove.isPending}
      onConfirm={() => remove.mutate(row, toastCallbacks('deleted', { name }, onClose))}
      onClose={onClose}
    >
      {counted.length > 0 ? (
        <>
          <Typography>{t('committees:staff.deleteDialog.intro')}</Typography>
          <List dense sx={{ listStyle: 'disc', pl: 3 }}>
            {counted.map((item) => (
              <ListItem key={item.key} sx={{ display: 'list-item', py: 0 }}>
                <ListItemText primary={t('committees:staff.deleteDialog.count', { what: item.text, n: formatNumber(item.n) })} />
              </ListItem>
            ))}
          </List>
        </>
      ) : (
        <Typography>{t('committees:staff.deleteDialog.nothing')}</Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('committees:staff.deleteDialog.noUndo')}
      </Typography>
    </ConfirmDialog>
  );
}
