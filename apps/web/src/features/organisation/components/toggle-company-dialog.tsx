import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Company } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useToggleCompany } from '../api/toggle-company.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/** Confirms switching a company off or on, saying beforehand what that does to its people. */
export function ToggleCompanyDialog({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toggle = useToggleCompany();
  if (!company) return null;
  const deactivate = company.isActive;
  const confirm = () =>
    toggle.mutate(
      { id: company.id, isActive: !deactivate },
      {
        onSuccess: (result) => {
          if (deactivate) {
            notifyDone(
              'companyDeactivated',
              { name: company.name },
              t('organisation:companies.cascadeResult', {
                people: formatNumber(result.deactivatedPeople),
                sessions: formatNumber(result.endedSessions),
                subscriptions: formatNumber(result.removedSubscriptions),
              }),
            );
          } else notifyDone('companyActivated', { name: company.name });
          onClose();
        },
        onError: (error) => notifyFailed(deactivate ? 'companyDeactivated' : 'companyActivated', error, { name: company.name }),
      },
    );
  return (
    <ConfirmDialog
      open
      title={t(deactivate ? 'organisation:companies.deactivateTitle' : 'organisation:companies.activateTitle', { name: company.name })}
      confirmLabel={t(deactivate ? 'organisation:deactivate' : 'organisation:activate')}
      danger={deactivate}
      pending={toggle.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {deactivate ? (
        <>
          <Typography>{t('organisation:companies.deactivateIntro')}</Typography>
          <List dense sx={{ listStyle: 'disc', pl: 3 }}>
            {(['deactivatePeople', 'deactivateSessions', 'deactivateSubscriptions'] as const).map((key) => (
              <ListItem key={key} sx={{ display: 'list-item', py: 0 }}>
                <ListItemText primary={t(`organisation:companies.${key}`)} />
              </ListItem>
            ))}
          </List>
          <Typography color="text.secondary">{t('organisation:companies.deactivateNoUndo')}</Typography>
        </>
      ) : (
        <Typography>{t('organisation:companies.activateText')}</Typography>
      )}
    </ConfirmDialog>
  );
}
