import Box from '@mui/material/Box';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { CompanyAutocomplete, type CompanyOption } from './company-autocomplete.tsx';

interface CompanyFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  /** The chosen company with its name, for display; the form holds its id. */
  value: CompanyOption | null;
  /** Shown under the field while it has no error. */
  hint?: string;
  onChange: (company: CompanyOption | null) => void;
}

/** A form's company id, chosen by name among the active companies; the field's error is shown translated. */
export function CompanyField<T extends FieldValues>({ control, name, value, hint, onChange }: CompanyFieldProps<T>) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box sx={{ mt: 2, mb: 1 }}>
          <CompanyAutocomplete
            label={t('organisation:columns.company')}
            value={value}
            activeOnly
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? translate(fieldState.error.message) : hint}
            onChange={(next) => {
              field.onChange(next?.id ?? '');
              onChange(next);
            }}
          />
        </Box>
      )}
    />
  );
}
