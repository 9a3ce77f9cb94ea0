import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isNamedPosition, MEMBER_POSITIONS } from '@portal/shared';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../lib/i18n.ts';

const OTHER = 'other';

/**
 * A member's position: chair, deputy chair, secretary or member, or "Another title" with the title typed beside it.
 * It holds one string, the position's code or the title; an empty string is a title still to be typed.
 */
export function PositionField({ value, error, onChange }: { value: string; error?: string | undefined; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const kind = isNamedPosition(value) ? value : OTHER;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <TextField
        select
        fullWidth
        margin="normal"
        required
        label={t('committees:positions.label')}
        value={kind}
        error={Boolean(error) && kind !== OTHER}
        helperText={kind === OTHER ? undefined : error}
        onChange={(event) => onChange(event.target.value === OTHER ? '' : event.target.value)}
      >
        {MEMBER_POSITIONS.map((position) => (
          <MenuItem key={position} value={position}>
            {t(`committees:positions.${position}`)}
          </MenuItem>
        ))}
        <MenuItem value={OTHER}>{t('committees:positions.other')}</MenuItem>
      </TextField>
      {kind === OTHER ? (
        <TextField
          fullWidth
          margin="normal"
          required
          label={t('committees:positions.title')}
          value={value}
          error={Boolean(error)}
          helperText={error}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : null}
    </Stack>
  );
}

/** The position field bound to react-hook-form. */
export function FormPositionField<T extends FieldValues>({ control, name }: { control: Control<T>; name: FieldPath<T> }) {
  const translate = useTranslateMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PositionField
          value={String(field.value ?? '')}
          error={fieldState.error ? translate(fieldState.error.message) : undefined}
          onChange={field.onChange}
        />
      )}
    />
  );
}
