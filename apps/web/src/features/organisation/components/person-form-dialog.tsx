import type { Person } from '@portal/shared';
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormGrid } from '../../../components/form-grid.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';

type PersonFieldValues = { name: string; surname: string; email: string; phone: string; position: string };

/** The starting values of the person's fields: the person's, or empty for a new one. */
export const personFieldValues = (person?: Person): PersonFieldValues => ({
  name: person?.name ?? '',
  surname: person?.surname ?? '',
  position: person?.position ?? '',
  phone: person?.phone ?? '',
  email: person?.email ?? '',
});

interface PersonFormDialogProps<T extends PersonFieldValues> {
  title: string;
  control: Control<T>;
  /** Editing a person (Save) rather than adding one (Add). */
  editing: boolean;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The dialog's own fields, after the person's. */
  children: ReactNode;
}

/** Adding or editing a person (of a company or of the association's staff): the person's fields, then the dialog's own, in two columns. */
export function PersonFormDialog<T extends PersonFieldValues>({
  title,
  control,
  editing,
  pending,
  onSubmit,
  onClose,
  children,
}: PersonFormDialogProps<T>) {
  const { t } = useTranslation();
  // TypeScript cannot resolve Path<T> for a generic T; the constraint on T guarantees these fields.
  const field = (name: keyof PersonFieldValues) => name as FieldPath<T>;
  return (
    <FormDialog
      title={title}
      submitLabel={editing ? t('common:save') : t('organisation:add')}
      pending={pending}
      maxWidth="md"
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormGrid from="sm">
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
        {children}
      </FormGrid>
    </FormDialog>
  );
}
