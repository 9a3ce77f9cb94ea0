import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PasskeyInfo, passkeyName, passkeyStartBody } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage, showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { ceremonyRefusal, PASSKEY_REFUSALS } from '../api/passkey-refusal.ts';
import { useAddPasskey, useChangePasskey, usePasskeys } from '../api/passkeys.ts';

const nameBody = z.object({ name: passkeyName });
const addBody = nameBody.extend(passkeyStartBody.shape);

/**
 * Passkeys in the profile: each one's name, when it was added and last used, renamed or removed (after a question);
 * "Add a passkey" asks for a name, then the browser's own dialog creates it.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyInfo | null>(null);
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const { remove } = useChangePasskey();
  // A session that may only enrol lists the passkeys but changes none of them.
  const mayChange = !useCurrentUser()?.mustEnrol;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('account:passkeyRemoved'));
        setRemoving(null);
      },
      onError: (error) => toast.error(t('account:passkeyChangeFailed'), errorMessage(error)),
    });
  };

  const rows = passkeys.data ?? [];
  return (
    <FormCard title={t('account:passkeysTitle')} headingLevel="h2">
      <Typography variant="body2" color="text.secondary">
        {t('account:passkeysHint')}
      </Typography>
      {passkeys.isPending && <LinearProgress aria-label={t('common:loading')} sx={{ my: 3 }} />}
      {passkeys.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('account:passkeysLoadFailed')} {errorMessage(passkeys.error)}
        </Alert>
      )}
      {passkeys.isSuccess && rows.length === 0 && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('account:passkeysNone')}
        </Typography>
      )}
      {rows.length > 0 && (
        <List aria-label={t('account:passkeysTitle')}>
          {rows.map((p) => (
            <ListItem key={p.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                sx={{ flex: '1 1 20rem' }}
                primary={p.name}
                secondary={t('account:passkeyDetails', {
                  createdAt: formatDateTime(p.createdAt),
                  lastUsedAt: p.lastUsedAt ? formatDateTime(p.lastUsedAt) : t('account:passkeyNeverUsed'),
                })}
              />
              {mayChange ? (
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t('account:passkeyRenameLabel', { name: p.name })}
                    onClick={() => setRenaming(p)}
                  >
                    {t('account:passkeyRename')}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    aria-label={t('account:passkeyRemoveLabel', { name: p.name })}
                    onClick={() => setRemoving(p)}
                  >
                    {t('account:passkeyRemove')}
                  </Button>
                </Stack>
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => setAdding(true)}>
        {t('account:passkeyAdd')}
      </Button>
      {adding && <AddDialog onClose={() => setAdding(false)} />}
      {renaming && <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('account:passkeyRemoveTitle')}
        confirmLabel={t('account:passkeyRemove')}
        danger
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        <Typography>{t('account:passkeyRemoveText', { name: removing?.name ?? '' })}</Typography>
      </ConfirmDialog>
    </FormCard>
  );
}

/** The name, then the browser's dialog; a refusal is said in the dialog, which stays open to try again. */
function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [message, setMessage] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(addBody), defaultValues: { name: '', password: '' } });
  const submit = handleSubmit((values) => {
    setMessage(null);
    add.mutate(values, {
      onSuccess: () => {
        toast.success(t('account:passkeyAdded'));
        onClose();
      },
      onError: (error) => {
        const refusal = ceremonyRefusal(error);
        if (refusal) setMessage(t(PASSKEY_REFUSALS[refusal]));
        else showFormError(error, setError, (text) => setMessage(text));
      },
    });
  });
  return (
    <FormDialog
      title={t('account:passkeyAddTitle')}
      submitLabel={t('account:passkeyAddContinue')}
      pending={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {message ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      ) : null}
      <Typography variant="body2">{t('account:passkeyAddPrompt')}</Typography>
      <FormTextField control={control} name="name" label={t('account:passkeyName')} autoFocus required />
      <FormTextField
        control={control}
        name="password"
        type="password"
        autoComplete="current-password"
        label={t('account:currentPassword')}
        required
      />
    </FormDialog>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: PasskeyInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { rename } = useChangePasskey();
  const { control, handleSubmit, setError } = useForm({ resolver: zodResolver(nameBody), defaultValues: { name: passkey.name } });
  const submit = handleSubmit((values) =>
    rename.mutate(
      { id: passkey.id, name: values.name },
      {
        onSuccess: () => {
          toast.success(t('account:passkeyRenamed'));
          onClose();
        },
        onError: (error) => showFormError(error, setError, (text) => toast.error(t('account:passkeyChangeFailed'), text)),
      },
    ),
  );
  return (
    <FormDialog title={t('account:passkeyRenameTitle')} submitLabel={t('common:save')} pending={rename.isPending} onSubmit={submit} onClose={onClose}>
      <FormTextField control={control} name="name" label={t('account:passkeyName')} autoFocus required />
    </FormDialog>
  );
}
