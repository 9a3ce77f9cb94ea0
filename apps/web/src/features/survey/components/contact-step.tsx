import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type Contact, contactBody } from '@portal/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useUpdateContact } from '../api/survey-mutations.ts';
import { useSurveySession } from './survey-session.tsx';

const EMPTY = { name: '', position: '', phone: '', email: '', companyFullName: '' };

/**
 * Step 1: who answers for the company (name, position in Latin letters, phone, e-mail, the company's full legal
 * name). Its ceo and trusted people keep it; others with the area read it.
 */
export function ContactStep({ contact, writer, editable }: { contact: Contact | null; writer: 'ceo' | 'trusted' | null; editable: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateContact(writer ?? 'ceo');
  const { control, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(contactBody),
    defaultValues: contact
      ? { name: contact.name, position: contact.position, phone: contact.phone, email: contact.email, companyFullName: contact.companyFullName }
      : EMPTY,
  });
  useEffect(() => {
    if (contact)
      reset({ name: contact.name, position: contact.position, phone: contact.phone, email: contact.email, companyFullName: contact.companyFullName });
  }, [contact, reset]);
  const readOnly = !writer || !editable;
  const session = useSurveySession();
  const { setFormDirty } = session;
  useEffect(() => {
    setFormDirty(formState.isDirty);
    return () => setFormDirty(false);
  }, [formState.isDirty, setFormDirty]);
  const submit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        toast.success(t('survey:contact.saved'));
      },
      onError: (error) => showFormError(error, setError),
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      {!writer ? <Alert severity="info">{t('survey:contact.readOnly')}</Alert> : null}
      <Stack>
        <FormTextField control={control} name="name" label={t('survey:contact.name')} autoComplete="name" disabled={readOnly} />
        <FormTextField
          control={control}
          name="position"
          label={t('survey:contact.position')}
          helperText={t('survey:contact.positionHint')}
          disabled={readOnly}
        />
        <FormTextField control={control} name="phone" label={t('survey:contact.phone')} autoComplete="tel" disabled={readOnly} />
        <FormTextField control={control} name="email" label={t('survey:contact.email')} type="email" autoComplete="email" disabled={readOnly} />
        <FormTextField control={control} name="companyFullName" label={t('survey:contact.companyFullName')} disabled={readOnly} />
      </Stack>
      {readOnly ? null : (
        <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty} sx={{ mt: 2 }}>
          {t('survey:contact.save')}
        </Button>
      )}
    </form>
  );
}
