import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import Typography from '@mui/material/Typography';
import type { Person } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { RowAction } from '../../../components/row-actions.tsx';
import { useResetSecondFactor } from '../api/reset-second-factor.ts';
import { personName } from './labels.ts';
import { toastCallbacks } from './notify.ts';

/**
 * Admin's reset of a person's second factors (they lost their phone): a row action that asks first; the app and every
 * passkey stop working, and the person is told by e-mail. Only admin may (the server refuses anyone else).
 */
export function useSecondFactorReset() {
  const { t } = useTranslation();
  const reset = useResetSecondFactor();
  const [resetting, setResetting] = useState<Person | null>(null);
  const name = resetting ? personName(resetting) : '';
  return {
    action: (person: Person): RowAction => ({
      label: t('organisation:people.resetSecondFactorNamed', { name: personName(person) }),
      icon: <KeyOffOutlined fontSize="small" />,
      onClick: () => setResetting(person),
    }),
    /** The question before resetting; render it once beside the list. */
    dialog: (
      <ConfirmDialog
        open={Boolean(resetting)}
        title={t('organisation:people.resetSecondFactorTitle', { name })}
        confirmLabel={t('organisation:people.resetSecondFactorConfirm')}
        danger
        pending={reset.isPending}
        onConfirm={() =>
          resetting &&
          reset.mutate(
            resetting.id,
            toastCallbacks('secondFactorReset', { name }, () => setResetting(null)),
          )
        }
        onClose={() => setResetting(null)}
      >
        <Typography>{t('organisation:people.resetSecondFactorText')}</Typography>
      </ConfirmDialog>
    ),
  };
}
