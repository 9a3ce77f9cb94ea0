import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { twoFactorCodeBody, twoFactorDisableBody, type User } from '@portal/shared';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { errorMessage, showFormError } from '../../../components/form-errors.ts';
import { FormGrid } from '../../../components/form-grid.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { saveBlob } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { useChangeTwoFactor, useStartTwoFactor, useTwoFactor } from '../api/two-factor.ts';

/**
 * Two-factor sign-in in the profile: off, it offers to turn it on (scan the QR code or type the key, confirm one code,
 * then the recovery codes are shown once, with a download); on, it says how many recovery codes are left and turns it
 * off with the password and a code.
 */
export function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const status = useTwoFactor();
  const start = useStartTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);

  const begin = () => start.mutate(undefined, { onError: (error) => toast.error(t('account:twoFactorFailed'), errorMessage(error)) });

  let body: ReactNode;
  if (codes) body = <RecoveryCodes codes={codes} email={user.email} onDone={() => setCodes(null)} />;
  else if (status.isPending) body = <LinearProgress aria-label={t('common:loading')} sx={{ my: 3 }} />;
  else if (status.isError) body = <Alert severity="error">{`${t('account:twoFactorLoadFailed')} ${errorMessage(status.error)}`}</Alert>;
  else if (status.data.enabled) body = <DisableForm recoveryCodesLeft={status.data.recoveryCodesLeft} />;
  else if (start.data) {
    body = (
      <EnrolForm
        enrolment={start.data}
        onEnabled={(recoveryCodes) => {
          start.reset();
          setCodes(recoveryCodes);
        }}
      />
    );
  } else {
    body = (
      <>
        <Typography variant="body2">{t('account:twoFactorOffHint')}</Typography>
        <Button variant="contained" sx={{ mt: 2 }} loading={start.isPending} onClick={begin}>
          {t('account:twoFactorEnable')}
        </Button>
      </>
    );
  }
  return (
    <FormCard title={t('account:twoFactorTitle')} headingLevel="h2">
      {status.data?.required && !status.data.enabled ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('account:twoFactorRequired')}
        </Alert>
      ) : null}
      {body}
    </FormCard>
  );
}

function EnrolForm({ enrolment, onEnabled }: { enrolment: { secret: string; qr: string }; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const { confirm } = useChangeTwoFactor();
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(twoFactorCodeBody), defaultValues: { code: '' } });
  const submit = handleSubmit((values) =>
    confirm.mutate(values.code, {
      onSuccess: (result) => {
        toast.success(t('account:twoFactorEnabled'));
        onEnabled(result.recoveryCodes);
      },
      onError: (error) => showFormError(error, setError, (message) => toast.error(t('account:twoFactorFailed'), message)),
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Typography variant="body2">{t('account:twoFactorScan')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Box component="img" src={enrolment.qr} alt={t('account:twoFactorQrAlt')} sx={{ width: 180, height: 180, bgcolor: 'common.white' }} />
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('account:twoFactorKey')}
          </Typography>
          <Typography component="code" data-testid="two-factor-key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Typography>
        </Box>
      </Stack>
      <FormGrid from="md">
        <FormTextField control={control} name="code" label={t('account:secondFactorCode')} autoComplete="one-time-code" required />
      </FormGrid>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={confirm.isPending}>
        {t('account:twoFactorConfirm')}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const download = () =>
    saveBlob(
      new Blob([`${t('account:twoFactorRecoveryTitle')} (${email})\n\n${codes.join('\n')}\n`], { type: 'text/plain' }),
      'aipm-recovery-codes.txt',
    );
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('account:twoFactorRecoveryTitle')}
      </Typography>
      <Alert severity="warning" sx={{ my: 1 }}>
        {t('account:twoFactorRecoveryHint')}
      </Alert>
      <Box component="ul" aria-label={t('account:twoFactorRecoveryTitle')} sx={{ columns: 2, fontFamily: 'monospace', pl: 3 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={download}>
          {t('account:twoFactorRecoveryDownload')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('account:twoFactorRecoveryDone')}
        </Button>
      </Stack>
    </>
  );
}

function DisableForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const { t } = useTranslation();
  const { disable } = useChangeTwoFactor();
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(twoFactorDisableBody),
    defaultValues: { password: '', code: '' },
  });
  const submit = handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        reset();
        toast.success(t('account:twoFactorDisabled'));
      },
      onError: (error) => showFormError(error, setError, (message) => toast.error(t('account:twoFactorFailed'), message)),
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Typography variant="body2">{t('account:twoFactorOnHint', { count: recoveryCodesLeft })}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('account:twoFactorDisableHint')}
      </Typography>
      <FormGrid from="md">
        <FormTextField control={control} name="password" label={t('account:password')} type="password" autoComplete="current-password" required />
        <FormTextField control={control} name="code" label={t('account:secondFactorCode')} autoComplete="one-time-code" required />
      </FormGrid>
      <Button type="submit" variant="outlined" color="error" sx={{ mt: 2 }} loading={disable.isPending}>
        {t('account:twoFactorDisable')}
      </Button>
    </form>
  );
}
