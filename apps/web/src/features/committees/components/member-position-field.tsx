import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MEMBER_POSITIONS } from '@portal/shared';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../lib/i18n.ts';

const isNamed = (value: string) => (MEMBER_POSITIONS as readonly string[]).includes(value);

/**
 * A member's position bound to react-hook-form: chair, deputy chair, secretary or member, or "Another title" with the
 * title typed beside it. The form holds one string, the position's code or the title.
 */
export function MemberPositionField<T extends FieldValues>({ control, name }: { control: Control<T>; name: FieldPath<T> }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = String(field.value ?? '');
        const kind = isNamed(value) ? value : 'other';
        return (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <TextField
              select
              fullWidth
              margin="normal"
              required
              label={t('committees:staff.positions.label')}
              value={kind}
              onChange={(event) => field.onChange(event.target.value === 'other' ? '' : event.target.value)}
            >
              {MEMBER_POSITIONS.map((position) => (
                <MenuItem key={position} value={position}>
                  {t(`committees:positions.${position}`)}
                </MenuItem>
              ))}
              <MenuItem value="other">{t('committees:staff.positions.other')}</MenuItem>
            </TextField>
            {kind === 'other' ? (
              <TextField
                fullWidth
                margin="normal"
                required
                label={t('committees:staff.positions.title')}
                name={field.name}
                value={value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error ? translate(fieldState.error.message) : undefined}
              />
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
