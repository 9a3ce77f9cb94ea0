import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { signupBody } from '@portal/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { useLinks } from '../../../lib/links.ts';
import { type SignupValues, useSignup } from '../api/signup.ts';
import { PersonalFields } from './personal-fields.tsx';

/** The access request: company, person, contact, and the required consent to personal data processing. */
export function SignupForm({ onSent }: { onSent: (values: SignupValues) => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const signup = useSignup();
  const links = useLinks();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(signupBody),
    defaultValues: { company: '', name: '', surname: '', position: '', phone: '', email: '', consent: false },
  });

  const submit = handleSubmit((values) => {
    signup.mutate(values, { onSuccess: () => onSent(values), onError: (error) => showFormError(error, setError) });
  });

  return (
    <form noValidate onSubmit={submit}>
      <FormTextField control={control} name="company" label={t('account:company')} required autoComplete="organization" />
      <PersonalFields control={control} />
      <FormTextField control={control} name="email" label={t('account:email')} required type="email" autoComplete="email" />
      <Controller
        control={control}
        name="consent"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)} sx={{ mt: 1 }}>
            <FormControlLabel
              required
              control={
                <Checkbox
                  name={field.name}
                  checked={field.value === true}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={
                <>
                  {t('account:consentBefore')}
                  <Link href={links.personalDataPolicy} target="_blank" rel="noopener">
                    {t('account:consentLink')}
                  </Link>
                </>
              }
            />
            {fieldState.error ? <FormHelperText>{translate(fieldState.error.message)}</FormHelperText> : null}
          </FormControl>
        )}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={signup.isPending} sx={{ mt: 2 }}>
        {t('account:send')}
      </Button>
    </form>
  );
}
