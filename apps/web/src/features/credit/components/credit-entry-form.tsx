import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type CreditEntryInput, type CreditSubmission, credit, creditEntryInput, type DistributorOption } from '@portal/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { ApiError, callEndpoint } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { CREDIT_KEY } from '../api/keys.ts';
import { useSaveCredit, useSubmitCredit } from '../api/submission.ts';
import { CreditEntryCard, ENTRY_FIELDS, type EntryDraft, type EntryField } from './credit-entry-card.tsx';
import { MyDistributorRequests } from './my-distributor-requests.tsx';

// The request form is opened by few: its code loads when it is.
const RequestDistributorDialog = lazy(() => import('./request-distributor-dialog.tsx').then((m) => ({ default: m.RequestDistributorDialog })));

type Errors = Record<number, Partial<Record<EntryField | 'distributorId', string>>>;

const draftsOf = (s: CreditSubmission): EntryDraft[] =>
  s.entries.map((e) => ({
    distributor: e.distributor,
    // Rows saved before DBT was asked for have none: an empty field to fill in.
    values: Object.fromEntries(ENTRY_FIELDS.map((f) => [f, String(e[f] ?? '').replace(/\.00$/, '')])) as Record<EntryField, string>,
  }));

const bodyOf = (drafts: EntryDraft[]): CreditEntryInput[] =>
  drafts.map((d) => ({ distributorId: d.distributor.id, ...d.values }) as CreditEntryInput);

/** Errors keyed by row from the paths "entries.<i>.<field>" (the server's) or "<field>" (one row's own check). */
function errorsOf(fields: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [path, message] of Object.entries(fields)) {
    const [, index, field] = /^entries\.(\d+)\.(\w+)$/.exec(path) ?? [];
    if (index !== undefined && field) errors[Number(index)] = { ...errors[Number(index)], [field]: message };
  }
  return errors;
}

/**
 * The company's credit data for the running period: a card per distributor, added by name or INN, saved with the
 * version it was read at (a newer save by a colleague is offered, not overwritten), then submitted.
 */
export function CreditEntryForm({ submission }: { submission: CreditSubmission }) {
  const { t, i18n } = useTranslation();
  const [base, setBase] = useState(submission);
  const [drafts, setDrafts] = useState(() => draftsOf(submission));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [stale, setStale] = useState<CreditSubmission | null>(null);
  // The distributors the search offered, so a choice becomes a card with both names and the INN.
  const found = useRef(new Map<number, DistributorOption>());
  // The last search that found nothing, to start a request for the missing distributor with it.
  const missing = useRef('');
  const [requesting, setRequesting] = useState(false);
  const save = useSaveCredit();
  const submit = useSubmitCredit();
  const readOnly = !base.editable;
  const title = i18n.language === 'ru' ? base.period.titleRu : base.period.titleEn;

  const adopt = (next: CreditSubmission) => {
    setBase(next);
    setDrafts(draftsOf(next));
    setDirty(false);
    setErrors({});
    setStale(null);
  };
  const change = (index: number, field: EntryField, value: string) => {
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, values: { ...d.values, [field]: value } } : d)));
    setErrors((all) => ({ ...all, [index]: { ...all[index], [field]: undefined } }));
    setDirty(true);
  };
  const add = (choice: Choice | null) => {
    if (!choice || drafts.some((d) => d.distributor.id === choice.id)) return;
    const distributor = found.current.get(choice.id);
    if (!distributor) return;
    const empty = Object.fromEntries(ENTRY_FIELDS.map((f) => [f, ''])) as Record<EntryField, string>;
    setDrafts((all) => [...all, { distributor, values: empty }]);
    setDirty(true);
  };
  const doSave = (version: number) => {
    // The shared rules checked here first, so each message lands on its field before anything is sent.
    const local: Errors = {};
    drafts.forEach((d, i) => {
      const checked = creditEntryInput.safeParse({ distributorId: d.distributor.id, ...d.values });
      if (!checked.success) for (const issue of checked.error.issues) local[i] = { ...local[i], [String(issue.path[0])]: issue.message };
    });
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    save.mutate(
      { periodId: base.period.id, version, entries: bodyOf(drafts) },
      {
        onSuccess: (next) => {
          adopt(next);
          toast.success(t('creditData:entry.saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CREDIT_STALE') setStale(error.details as CreditSubmission);
          else if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(errorsOf(error.fields));
          else toast.error(errorMessage(error));
        },
      },
    );
  };
  const doSubmit = () =>
    submit.mutate(
      { periodId: base.period.id, version: base.version },
      {
        onSuccess: (next) => {
          adopt(next);
          toast.success(t('creditData:entry.submitted'));
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t('creditData:entry.period', { title, date: formatDate(base.period.effectiveDate), deadline: formatDateTime(base.period.closesAt) })}
      </Typography>
      <Typography color="text.secondary">{t('creditData:entry.intro', { date: formatDate(base.period.effectiveDate) })}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={t('creditData:entry.status', { status: t(`reports:responseStatus.${base.status}`) })} />
        {base.lastSavedAt ? (
          <Typography variant="body2" color="text.secondary">
            {t('creditData:entry.lastSaved', { at: formatDateTime(base.lastSavedAt) })}
          </Typography>
        ) : null}
        {dirty ? (
          <Typography variant="body2" color="warning.main">
            {t('creditData:entry.unsaved')}
          </Typography>
        ) : null}
      </Stack>
      {base.staffQuestion ? (
        <Alert severity="warning">
          <AlertTitle>{t('creditData:entry.question')}</AlertTitle>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {base.staffQuestion}
          </Typography>
        </Alert>
      ) : null}
      {readOnly ? <Alert severity="info">{t('creditData:entry.readOnly')}</Alert> : null}
      {stale ? (
        <Alert
          severity="warning"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => adopt(stale)}>
                {t('creditData:entry.takeTheirs')}
              </Button>
              <Button color="inherit" size="small" onClick={() => doSave(stale.version)}>
                {t('creditData:entry.overwrite')}
              </Button>
            </Stack>
          }
        >
          {t('creditData:entry.stale')}
        </Alert>
      ) : null}
      {readOnly ? null : (
        // The request sits beside the search, where the search's list of matches never covers it.
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flexGrow: 1 }}>
            <SearchAutocomplete
              label={t('creditData:entry.addDistributor')}
              value={null}
              onChange={add}
              noOptionsText={t('creditData:entry.noMatch')}
              query={(search) => ({
                queryKey: [...CREDIT_KEY, 'search', search],
                queryFn: async ({ signal }) => {
                  const options = await callEndpoint(credit.searchDistributors, { query: { search }, signal });
                  if (search) missing.current = options.length ? '' : search;
                  for (const d of options) found.current.set(d.id, d);
                  return options
                    .filter((d) => !drafts.some((x) => x.distributor.id === d.id))
                    .map((d) => ({ id: d.id, name: `${i18n.language === 'ru' ? d.nameRu : d.nameEn} · ${d.inn}` }));
                },
              })}
            />
          </Box>
          <Button onClick={() => setRequesting(true)} sx={{ flexShrink: 0 }}>
            {t('creditData:entry.requestDistributor')}
          </Button>
        </Stack>
      )}
      <MyDistributorRequests />
      {requesting ? (
        <Suspense fallback={null}>
          <RequestDistributorDialog search={missing.current} onClose={() => setRequesting(false)} />
        </Suspense>
      ) : null}
      {drafts.length === 0 ? <Typography color="text.secondary">{t('creditData:entry.empty')}</Typography> : null}
      {drafts.map((d, i) => (
        <CreditEntryCard
          key={d.distributor.id}
          entry={d}
          errors={errors[i] ?? {}}
          readOnly={readOnly}
          onChange={(field, value) => change(i, field, value)}
          onRemove={() => {
            setDrafts((all) => all.filter((_, j) => j !== i));
            setErrors({});
            setDirty(true);
          }}
        />
      ))}
      {readOnly ? null : (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => doSave(base.version)} loading={save.isPending} disabled={!dirty}>
            {t('creditData:entry.save')}
          </Button>
          <Button variant="contained" color="success" onClick={doSubmit} loading={submit.isPending} disabled={dirty || base.version === 0}>
            {t('creditData:entry.submit')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
