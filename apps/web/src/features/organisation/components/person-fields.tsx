import type { Person } from '@portal/shared';
import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';

type PersonFieldValues = { name: string; surname: string; email: string; phone: string; position: string };

/** The starting values of PersonFields: the person's, or empty for a new one. */
export const personFieldValues = (person?: Person): PersonFieldValues => ({
  name: person?.name ?? '',
  surname: person?.surname ?? '',
  position: person?.position ?? '',
  phone: person?.phone ?? '',
  email: person?.email ?? '',
});

/** The person's own fields of the organisation forms (company people and association staff alike). */
export function PersonFields<T extends PersonFieldValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation();
  // TypeScript cannot resolve Path<T> for a generic T; the constraint on T guarantees these fields.
  const field = (name: keyof PersonFieldValues) => name as FieldPath<T>;
  return (
    <>
      <FormTextField control={control} name={field('name')} label={t('organisation:columns.name')} autoFocus />
      <FormTextField control={control} name={field('surname')} label={t('organisation:columns.surname')} />
      <FormTextField control={control} name={field('email')} label={t('organisation:columns.email')} type="email" />
      <FormTextField control={control} name={field('phone')} label={t('organisation:columns.phone')} type="tel" />
      <FormTextField
        control={control}
        name={field('position')}
        label={t('organisation:columns.position')}
        helperText={t('organisation:people.positionHint')}
      />
    </>
  );
}
