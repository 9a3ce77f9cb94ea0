import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordBody, type User } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { errorMessage, showFormError } from '../../../components/form-errors.ts';
import { FormGrid } from '../../../components/form-grid.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useSendOwnRestorePasswordEmail } from '../api/send-restore-password-email.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { ReadOnlyField } from './read-only-field.tsx';

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };

/** Account data: the login e-mail, changing the password, and e-mailing oneself a reset link. */
export function AccountDataCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const sendLink = useSendOwnRestorePasswordEmail();
  const { control, handleSubmit, setError, reset } = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: EMPTY });

  const submit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast.success(t('account:passwordChanged'));
      },
      onError: (error) => showFormError(error, setError, (message) => toast.error(t('account:passwordChangeFailed'), message)),
    });
  });

  const sendResetLink = () =>
    sendLink.mutate(undefined, {
      onSuccess: () => toast.success(t('account:resetLinkSent', { email: user.email })),
      onError: (error) => toast.error(t('account:resetLinkFailed'), errorMessage(error)),
    });

  return (
    <FormCard title={t('account:accountData')} headingLevel="h2">
      <FormGrid from="md">
        <ReadOnlyField label={t('account:email')} value={user.email} />
        <ReadOnlyField label={t('account:role')} value={t(`common:roles.${user.role}`)} />
      </FormGrid>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('account:changePassword')}
      </Typography>
      <form noValidate onSubmit={submit}>
        <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
        <FormTextField
          control={control}
          name="currentPassword"
          label={t('account:currentPassword')}
          required
          type="password"
          autoComplete="current-password"
        />
        <FormGrid from="md">
          <NewPasswordFields control={control} />
        </FormGrid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t('account:changePassword')}
          </Button>
          <Button variant="outlined" onClick={sendResetLink} loading={sendLink.isPending}>
            {t('account:sendResetToSelf')}
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
