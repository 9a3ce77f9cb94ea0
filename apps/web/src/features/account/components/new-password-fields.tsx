import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';

type NewPasswordValues = { password: string; passwordConfirmation: string };

/** A new password with its rules, and the same again. */
export function NewPasswordFields<T extends NewPasswordValues>({ control, autoFocus }: { control: Control<T>; autoFocus?: boolean }) {
  const { t } = useTranslation();
  // TypeScript cannot resolve Path<T> for a generic T; the constraint on T guarantees these fields.
  const field = (name: keyof NewPasswordValues) => name as FieldPath<T>;
  return (
    <>
      <FormTextField
        control={control}
        name={field('password')}
        label={t('account:newPassword')}
        required
        type="password"
        autoComplete="new-password"
        helperText={t('account:passwordRules')}
        autoFocus={autoFocus}
      />
      <FormTextField
        control={control}
        name={field('passwordConfirmation')}
        label={t('account:passwordConfirmation')}
        required
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
