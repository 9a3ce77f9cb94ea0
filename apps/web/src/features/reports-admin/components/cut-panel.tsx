import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReferenceItem } from '@portal/shared';
import { SIZE_BANDS, type SizeBand } from '@portal/shared/reports-model';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useInteractiveCut } from '../api/interactive-cut.ts';
import type { StaffPrefix } from '../api/keys.ts';
import { usePeriodRegions } from '../api/period-regions.ts';
import { readCut, writeCut } from './cut-params.ts';
import { CutTable } from './cut-table.tsx';

/**
 * The interactive cut: a group of regions and a company size band, and the salary statistics per position for them with
 * the period's anonymity rules applied by the server as it answers. The choice lives in the address.
 */
export function CutPanel({ prefix, periodId }: { prefix: StaffPrefix; periodId: number }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const choice = readCut(params);
  const regions = usePeriodRegions(periodId);
  const cut = useInteractiveCut(prefix, { periodId, regionIds: choice.regionIds, sizeBand: choice.sizeBand });
  const regionName = (r: ReferenceItem) => (i18n.language === 'ru' ? r.nameRu : r.nameEn);
  const chosen = (regions.data ?? []).filter((r) => choice.regionIds.includes(r.id));
  const update = (next: Partial<typeof choice>) => setParams(writeCut(params, { ...choice, ...next }), { replace: true });
  return (
    <Stack spacing={2} component="section" aria-label={t('reportsAdmin:cut.heading')}>
      <Typography variant="h6" component="h2">
        {t('reportsAdmin:cut.heading')}
      </Typography>
      <Typography color="text.secondary">{t('reportsAdmin:cut.intro')}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Autocomplete
          multiple
          options={regions.data ?? []}
          value={chosen}
          loading={regions.isPending}
          getOptionLabel={regionName}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => update({ regionIds: value.map((r) => r.id) })}
          sx={{ flex: 2, minWidth: 0 }}
          renderInput={(input) => (
            <TextField {...input} label={t('reportsAdmin:cut.regions')} placeholder={chosen.length ? '' : t('reportsAdmin:cut.allRegions')} />
          )}
        />
        <TextField
          select
          label={t('reportsAdmin:cut.sizeBand')}
          value={choice.sizeBand ?? ''}
          onChange={(e) => update({ sizeBand: (e.target.value || undefined) as SizeBand | undefined })}
          sx={{ flex: 1, minWidth: 200 }}
        >
          <MenuItem value="">{t('reportsAdmin:cut.allSizes')}</MenuItem>
          {SIZE_BANDS.map((band) => (
            <MenuItem key={band} value={band}>
              {t(`reportsAdmin:sizeBand.${band}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {cut.isError ? <Alert severity="error">{errorMessage(cut.error)}</Alert> : null}
      {cut.data ? (
        <Typography variant="body2">{t('reportsAdmin:cut.companies', { count: cut.data.companies, n: formatNumber(cut.data.companies) })}</Typography>
      ) : null}
      <CutTable rows={cut.data?.rows ?? []} loading={cut.isFetching} />
      <Typography variant="caption" color="text.secondary">
        {t('reportsAdmin:cut.legend')}
      </Typography>
    </Stack>
  );
}
