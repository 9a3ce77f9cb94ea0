import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';

type PersonalValues = { name: string; surname: string; position: string; phone: string };

/** The user's own name, position and phone, as the signup and the profile ask for them; the server requires all four. */
export function PersonalFields<T extends PersonalValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  // TypeScript cannot resolve Path<T> for a generic T; the constraint on T guarantees these fields.
  const field = (name: keyof PersonalValues) => name as FieldPath<T>;
  return (
    <>
      <FormTextField control={control} name={field('name')} label={t('account:name')} required autoComplete="given-name" />
      <FormTextField control={control} name={field('surname')} label={t('account:surname')} required autoComplete="family-name" />
      <FormTextField
        control={control}
        name={field('position')}
        label={t('account:position')}
        required
        helperText={t('account:positionHint')}
        autoComplete="organization-title"
      />
      <FormTextField control={control} name={field('phone')} label={t('account:phone')} required type="tel" autoComplete="tel" />
    </>
  );
}
