import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Report } from '@portal/shared';
import { REPORT_TYPES, type ReportType } from '@portal/shared/reports-model';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import type { StaffPrefix } from '../../../lib/api-prefix.ts';
import { companyChoices } from '../../../lib/company-choices.ts';
import { participants } from '../api/participants.ts';
import { personChoices } from '../api/person-choices.ts';
import type { Grantee, GrantSubject } from './grant-changes.ts';
import { useGrantLabels } from './grant-labels.ts';

type What = 'type' | 'edition';
type Who = 'companies' | 'people' | 'participants';

/**
 * Adds grants to the page's unsaved changes: a report type (every edition) or one edition, for chosen companies, chosen
 * people, or every accepted participant of the period. `onAdd` answers how many grants the changes gained.
 */
export function GrantForm({
  prefix,
  periodId,
  editions,
  onAdd,
}: {
  prefix: StaffPrefix;
  periodId: number;
  editions: readonly Report[];
  onAdd: (subject: GrantSubject, grantees: Grantee[]) => number;
}) {
  const { t } = useTranslation();
  const labels = useGrantLabels(editions);
  const id = useId();
  const [what, setWhat] = useState<What>('type');
  const [type, setType] = useState<ReportType>('general');
  const [editionId, setEditionId] = useState<number | ''>('');
  const [who, setWho] = useState<Who>('companies');
  const [companies, setCompanies] = useState<Choice[]>([]);
  const [people, setPeople] = useState<Choice[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; error?: boolean } | null>(null);

  const subject: GrantSubject | null = what === 'type' ? { reportType: type } : editionId ? { reportId: editionId } : null;
  const ready = subject !== null && (who === 'participants' || (who === 'companies' ? companies.length : people.length) > 0);

  const grantees = async (): Promise<Grantee[]> => {
    if (who === 'companies') return companies.map((c) => ({ companyId: c.id, name: c.name }));
    if (who === 'people') return people.map((p) => ({ userId: p.id, name: p.name }));
    return (await participants(prefix, periodId)).map((c) => ({ companyId: c.id, name: c.name }));
  };
  const add = async () => {
    if (!subject) return;
    setBusy(true);
    try {
      const chosen = await grantees();
      if (chosen.length === 0) setOutcome({ text: t('reports:grants.form.noParticipants') });
      else {
        const count = onAdd(subject, chosen);
        setOutcome({ text: count ? t('reports:grants.form.added', { count }) : t('reports:grants.form.nothingNew') });
        setCompanies([]);
        setPeople([]);
      }
    } catch (error) {
      setOutcome({ text: errorMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('reports:grants.form.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} useFlexGap>
        <FormControl sx={{ gap: 1, flex: 1 }}>
          <FormLabel id={`${id}-what`}>{t('reports:grants.form.what')}</FormLabel>
          <RadioGroup aria-labelledby={`${id}-what`} value={what} onChange={(e) => setWhat(e.target.value as What)}>
            <FormControlLabel value="type" control={<Radio size="small" />} label={t('reports:grants.form.byType')} />
            <FormControlLabel value="edition" control={<Radio size="small" />} label={t('reports:grants.form.byEdition')} />
          </RadioGroup>
          {what === 'type' ? (
            <TextField select size="small" label={t('reports:grants.form.type')} value={type} onChange={(e) => setType(e.target.value as ReportType)}>
              {REPORT_TYPES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`reports:reportType.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : editions.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('reports:grants.form.noEditions')}
            </Typography>
          ) : (
            <TextField
              select
              size="small"
              label={t('reports:grants.form.edition')}
              value={editionId}
              onChange={(e) => setEditionId(Number(e.target.value))}
            >
              {editions.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {labels.subject({ reportId: r.id })}
                </MenuItem>
              ))}
            </TextField>
          )}
        </FormControl>
        <FormControl sx={{ gap: 1, flex: 1 }}>
          <FormLabel id={`${id}-who`}>{t('reports:grants.form.who')}</FormLabel>
          <RadioGroup aria-labelledby={`${id}-who`} value={who} onChange={(e) => setWho(e.target.value as Who)}>
            <FormControlLabel value="companies" control={<Radio size="small" />} label={t('reports:grants.form.companies')} />
            <FormControlLabel value="people" control={<Radio size="small" />} label={t('reports:grants.form.people')} />
            <FormControlLabel value="participants" control={<Radio size="small" />} label={t('reports:grants.form.participants')} />
          </RadioGroup>
          {who === 'companies' ? (
            <SearchAutocomplete
              multiple
              size="small"
              label={t('reports:grants.form.chooseCompanies')}
              value={companies}
              onChange={setCompanies}
              query={(s) => companyChoices(prefix, s, true)}
              noOptionsText={t('reports:access.noCompanies')}
            />
          ) : who === 'people' ? (
            <SearchAutocomplete
              multiple
              size="small"
              label={t('reports:grants.form.choosePeople')}
              value={people}
              onChange={setPeople}
              query={(s) => personChoices(prefix, s)}
              noOptionsText={t('reports:grants.form.noPeople')}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('reports:grants.form.participantsHint')}
            </Typography>
          )}
        </FormControl>
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={!ready} loading={busy} onClick={() => void add()}>
          {t('reports:grants.form.add')}
        </Button>
        <Typography variant="body2" role="status" color={outcome?.error ? 'error' : 'text.secondary'}>
          {outcome?.text ?? ''}
        </Typography>
      </Stack>
    </Paper>
  );
}
