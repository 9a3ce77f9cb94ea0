import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DistributorOption } from '@portal/shared';
import { AGEING_BUCKETS } from '@portal/shared/credit-model';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../lib/i18n.ts';

/** The figures of one distributor's row as typed. */
export const ENTRY_FIELDS = ['receivablesTotal', ...AGEING_BUCKETS, 'netSalesPeriod', 'contractualTermsDays', 'daysBeyondTerms'] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];
export interface EntryDraft {
  distributor: DistributorOption;
  values: Record<EntryField, string>;
}

/** One distributor's receivables: the total, its ageing, the period's sales, the terms and DBT, each with its message. */
export function CreditEntryCard({
  entry,
  errors,
  readOnly,
  onChange,
  onRemove,
}: {
  entry: EntryDraft;
  errors: Partial<Record<EntryField | 'distributorId', string>>;
  readOnly: boolean;
  onChange: (field: EntryField, value: string) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const translate = useTranslateMessage();
  const name = i18n.language === 'ru' ? entry.distributor.nameRu : entry.distributor.nameEn;
  return (
    <Paper variant="outlined" component="section" aria-label={name} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('creditData:distributors.inn')} {entry.distributor.inn}
          </Typography>
          {errors.distributorId ? (
            <Typography variant="caption" color="error">
              {translate(errors.distributorId)}
            </Typography>
          ) : null}
        </Stack>
        {readOnly ? null : (
          <Tooltip title={t('creditData:entry.remove', { name })}>
            <IconButton aria-label={t('creditData:entry.remove', { name })} onClick={onRemove}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
        {ENTRY_FIELDS.map((field) => (
          <TextField
            key={field}
            size="small"
            label={t(`creditData:buckets.${field}`)}
            value={entry.values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            slotProps={{ htmlInput: { inputMode: field === 'contractualTermsDays' ? 'numeric' : 'decimal', readOnly } }}
            error={Boolean(errors[field])}
            helperText={errors[field] ? translate(errors[field]) : undefined}
            sx={{ width: { xs: '100%', sm: 220 } }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
