import Box from '@mui/material/Box';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { CompanyAutocomplete, type CompanyOption } from './company-autocomplete.tsx';

interface CompanyFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  value: CompanyOption | null;
  /** Shown under the field while it has no error. */
  hint?: string;
  /** `hasError`: the field shows an error now (a form may re-validate it then). */
  onChange: (company: CompanyOption | null, hasError: boolean) => void;
}

/** A form's company, chosen among the active ones; the field's error is shown translated. */
export function CompanyField<T extends FieldValues>({ control, name, value, hint, onChange }: CompanyFieldProps<T>) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ fieldState }) => (
        <Box sx={{ mt: 2, mb: 1 }}>
          <CompanyAutocomplete
            label={t('organisation:columns.company')}
            value={value}
            activeOnly
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? translate(fieldState.error.message) : hint}
            onChange={(next) => onChange(next, Boolean(fieldState.error))}
          />
        </Box>
      )}
    />
  );
}
