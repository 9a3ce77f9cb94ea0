import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MEMBER_POSITIONS } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNamedPosition, useCompanyCwgLabels } from './company-labels.ts';

const OTHER = 'other';

/** A member's position: chair, deputy chair, secretary, member, or another title typed in. */
export function PositionField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const labels = useCompanyCwgLabels();
  const [other, setOther] = useState(() => !isNamedPosition(value));
  return (
    <>
      <TextField
        select
        fullWidth
        margin="normal"
        label={t('committees:company.fields.position')}
        value={other ? OTHER : value}
        error={Boolean(error) && !other}
        helperText={other ? undefined : error}
        onChange={(event) => {
          const next = event.target.value;
          setOther(next === OTHER);
          onChange(next === OTHER ? '' : next);
        }}
      >
        {MEMBER_POSITIONS.map((position) => (
          <MenuItem key={position} value={position}>
            {labels.position(position)}
          </MenuItem>
        ))}
        <MenuItem value={OTHER}>{t('committees:company.positions.other')}</MenuItem>
      </TextField>
      {other ? (
        <TextField
          fullWidth
          margin="normal"
          required
          label={t('committees:company.fields.title')}
          value={value}
          error={Boolean(error)}
          helperText={error}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : null}
    </>
  );
}
