import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PositionsData, ReferenceItem, SurveyPositionInfo } from '@portal/shared';
import { MATCH_QUALITIES } from '@portal/shared/survey-model';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { saveCalls } from '../api/survey-mutations.ts';
import { SURVEY_KEY, useSurveyJobGroups } from '../api/survey-queries.ts';
import { useSurveySession } from './survey-session.tsx';

type Entry = PositionsData['rows'][number];
type Removal = { positionId: number; regionId?: number; name: string };

/**
 * Step: per job group, which benchmark positions exist in the company (matched against their descriptions), how well
 * they match, and in which regions they have incumbents. A match is saved at once as rows without figures; taking one
 * away clears its rows after confirmation.
 */
export function MatchingStep({ data, positions, regions }: { data: PositionsData; positions: SurveyPositionInfo[]; regions: ReferenceItem[] }) {
  const { t } = useTranslation();
  const session = useSurveySession();
  const client = useQueryClient();
  const groups = useSurveyJobGroups().data ?? [];
  const [removing, setRemoving] = useState<Removal | null>(null);
  const ru = currentLocale() === 'ru';
  const disabled = !session.editable;
  const rowsOf = (positionId: number) => data.rows.filter((r) => r.positionId === positionId);
  // A head-office position is reported in one region, the first of the period's list (Moscow).
  const headOffice = regions[0]?.id;

  const act = async (save: (version: number) => Promise<Awaited<ReturnType<typeof saveCalls.positions>>>, failed: string) => {
    try {
      await session.saveNow(save);
      await client.invalidateQueries({ queryKey: SURVEY_KEY });
    } catch (error) {
      toast.error(t(failed), errorMessage(error));
    }
  };
  const add = (positionId: number, regionIds: number[], matchQuality = 'exact') =>
    act(
      (version) => saveCalls.positions({ version, rows: regionIds.map((regionId) => ({ positionId, regionId, matchQuality })), cars: [] } as never),
      'errors:saveResponsesFailed',
    );
  const requality = (rows: Entry[], matchQuality: string) =>
    act(
      (version) => saveCalls.positions({ version, rows: rows.map((r) => ({ ...r, matchQuality })), cars: [] } as never),
      'errors:saveResponsesFailed',
    );
  const remove = async () => {
    const r = removing;
    setRemoving(null);
    if (r) await act((version) => saveCalls.clearPosition({ version, positionId: r.positionId, regionId: r.regionId }), 'errors:clearPositionFailed');
  };

  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">{t('survey:matching.intro')}</Typography>
      {groups.map((g) => {
        const groupPositions = positions.filter((p) => p.jobGroupId === g.id);
        return (
          <Accordion key={g.id} disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{ru ? g.nameRu : g.nameEn}</Typography>
                <Chip
                  size="small"
                  label={t('survey:matching.included', { included: g.included, total: g.positions })}
                  color={g.included ? 'primary' : 'default'}
                  variant="outlined"
                />
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <Stack spacing={2}>
                {groupPositions.map((p) => {
                  const rows = rowsOf(p.id);
                  const title = ru ? p.titleRu : p.titleEn;
                  const chosenRegions = rows.map((r) => r.regionId);
                  return (
                    <Stack key={p.id} spacing={1} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={rows.length > 0}
                            disabled={disabled}
                            onChange={(e) => {
                              if (e.target.checked) void add(p.id, headOffice === undefined ? [] : [headOffice]);
                              else setRemoving({ positionId: p.id, name: title });
                            }}
                          />
                        }
                        label={`${title} (${p.code}, ${p.careerLevel})`}
                      />
                      <Typography variant="body2" color="text.secondary" sx={{ pl: 4 }}>
                        {ru ? p.descriptionRu : p.descriptionEn}
                      </Typography>
                      {rows.length ? (
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pl: 4 }}>
                          <TextField
                            select
                            size="small"
                            label={t('survey:matching.quality')}
                            value={rows[0]?.matchQuality ?? 'exact'}
                            disabled={disabled}
                            onChange={(e) => void requality(rows, e.target.value)}
                            sx={{ minWidth: 180 }}
                          >
                            {MATCH_QUALITIES.map((q) => (
                              <MenuItem key={q} value={q}>
                                {t(`survey:matchQuality.${q}`)}
                              </MenuItem>
                            ))}
                          </TextField>
                          {p.isField ? (
                            <TextField
                              select
                              size="small"
                              label={t('survey:matching.regions')}
                              value={chosenRegions}
                              disabled={disabled}
                              sx={{ minWidth: 260 }}
                              slotProps={{
                                select: {
                                  multiple: true,
                                  renderValue: (ids) =>
                                    (ids as number[])
                                      .map((id) => regions.find((r) => r.id === id))
                                      .map((r) => (r ? (ru ? r.nameRu : r.nameEn) : ''))
                                      .join(', '),
                                },
                              }}
                              onChange={(e) => {
                                const next = e.target.value as unknown as number[];
                                const added = next.filter((id) => !chosenRegions.includes(id));
                                const dropped = chosenRegions.find((id) => !next.includes(id));
                                if (added.length) void add(p.id, added, rows[0]?.matchQuality);
                                else if (dropped !== undefined) {
                                  const region = regions.find((r) => r.id === dropped);
                                  setRemoving({
                                    positionId: p.id,
                                    regionId: dropped,
                                    name: `${title}, ${region ? (ru ? region.nameRu : region.nameEn) : ''}`,
                                  });
                                }
                              }}
                            >
                              {regions.map((r) => (
                                <MenuItem key={r.id} value={r.id}>
                                  {ru ? r.nameRu : r.nameEn}
                                </MenuItem>
                              ))}
                            </TextField>
                          ) : null}
                        </Stack>
                      ) : null}
                    </Stack>
                  );
                })}
              </Stack>
            </AccordionDetails>
          </Accordion>
        );
      })}
      <ConfirmDialog
        open={removing !== null}
        title={t('survey:positions.clearTitle')}
        confirmLabel={t('survey:positions.clearConfirm')}
        danger
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        {removing ? t('survey:positions.clearText', { name: removing.name }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
