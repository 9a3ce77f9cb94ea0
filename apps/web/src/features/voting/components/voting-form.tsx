import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS, LOCALES, rolePath, type VotingDetail, votingBody } from '@portal/shared';
import { type ReactNode, useRef, useState } from 'react';
import { type Control, Controller, type FieldPath, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDateTimeField } from '../../../components/date-time-field.tsx';
import { FormCheckbox } from '../../../components/form-checkbox.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/dates.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { activeCompanyChoices } from '../api/companies.ts';
import { useCreateVoting } from '../api/create-voting.ts';
import { useVotingPrefix } from '../api/prefix.ts';
import { useUpdateVoting } from '../api/update-voting.ts';
import { notifyDone, notifyFailed } from './notify.ts';

type VotingOutput = z.output<typeof votingBody>;

interface OptionValues {
  seq: string;
  name: string;
  comment: string;
}

export interface VotingFormValues {
  title: string;
  question: string;
  language: (typeof LOCALES)[number];
  startsAt: string;
  endsAt: string;
  autoStart: boolean;
  options: OptionValues[];
  multiple: boolean;
  minAnswers: string;
  maxAnswers: string;
  quorum: string;
  maxResponses: string;
  unit: 'company' | 'person';
  eligibility: 'all' | 'companies';
  /** The chosen companies, with their names to show; the API takes their ids. */
  companyIds: Choice[];
  secret: boolean;
  requireCode: boolean;
  publishResults: boolean;
  showCounts: boolean;
}

const emptyOption = (seq: number): OptionValues => ({ seq: String(seq), name: '', comment: '' });
const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's values: empty for a new voting, the voting's for an edit, its settings without dates for a clone. */
export function formValuesOf(voting: VotingDetail | undefined, mode: 'create' | 'edit' | 'clone', language: 'en' | 'ru'): VotingFormValues {
  if (!voting) {
    return {
      title: '',
      question: '',
      language,
      startsAt: '',
      endsAt: '',
      autoStart: false,
      options: [emptyOption(1), emptyOption(2)],
      multiple: false,
      minAnswers: '1',
      maxAnswers: '1',
      quorum: '',
      maxResponses: '',
      unit: 'company',
      eligibility: 'all',
      companyIds: [],
      secret: false,
      requireCode: true,
      publishResults: false,
      showCounts: true,
    };
  }
  return {
    title: voting.title,
    question: voting.question,
    language: voting.language,
    startsAt: mode === 'clone' ? '' : toLocalInput(voting.startsAt),
    endsAt: mode === 'clone' ? '' : toLocalInput(voting.endsAt),
    autoStart: voting.autoStart,
    options: [...voting.options].sort((a, b) => a.seq - b.seq).map((o) => ({ seq: String(o.seq), name: o.name, comment: o.comment ?? '' })),
    multiple: voting.multiple,
    minAnswers: String(voting.minAnswers),
    maxAnswers: String(voting.maxAnswers),
    quorum: str(voting.quorum),
    // A started voting has its maximum fixed from the eligible voters; a clone starts from what was set.
    maxResponses: str(voting.maxResponsesSet),
    unit: voting.unit,
    eligibility: voting.eligibility,
    companyIds: voting.companies,
    secret: voting.secret,
    requireCode: voting.requireCode,
    publishResults: mode === 'clone' ? false : voting.publishResults,
    showCounts: voting.showCounts,
  };
}

/** What the API takes: ISO instants, numbers, null for the empty optional numbers. */
function toBody(v: VotingFormValues) {
  const optionalNumber = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    ...v,
    startsAt: fromLocalInput(v.startsAt),
    endsAt: fromLocalInput(v.endsAt),
    quorum: optionalNumber(v.quorum),
    maxResponses: optionalNumber(v.maxResponses),
    minAnswers: v.minAnswers.trim() === '' ? undefined : v.minAnswers,
    maxAnswers: v.maxAnswers.trim() === '' ? undefined : v.maxAnswers,
    companyIds: v.eligibility === 'companies' ? v.companyIds.map((c) => c.id) : [],
    options: v.options.map((o) => ({ seq: o.seq, name: o.name, comment: o.comment.trim() === '' ? null : o.comment })),
  };
}

const schemaResolver = zodResolver(votingBody);
/** The shared schema (spec §5) validates the form after the datetime-local values become ISO instants; messages land on the same fields. */
const resolver: Resolver<VotingFormValues, unknown, VotingOutput> = (values, context, options) =>
  schemaResolver(toBody(values) as never, context, options as never) as never;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Create, edit or clone a voting: every setting of spec §3 with the §5 rules on their fields. */
export function VotingForm({ mode, voting }: { mode: 'create' | 'edit' | 'clone'; voting?: VotingDetail }) {
  const { t, i18n } = useTranslation();
  const translate = useTranslateMessage();
  const prefix = useVotingPrefix();
  const navigate = useNavigate();
  const base = rolePath(useCurrentUser()?.role ?? 'staff', 'voting');
  const create = useCreateVoting(prefix);
  const update = useUpdateVoting(prefix);
  const [votesConfirm, setVotesConfirm] = useState<{ message: string; body: VotingOutput } | null>(null);
  const form = useForm<VotingFormValues, unknown, VotingOutput>({
    resolver,
    defaultValues: formValuesOf(voting, mode, i18n.language === 'ru' ? 'ru' : 'en'),
  });
  const { handleSubmit, setError, setValue, getValues, formState } = form;
  // The fields see the form's values; the resolver's output (the API body) only reaches handleSubmit.
  const control = form.control as unknown as Control<VotingFormValues>;
  const options = useFieldArray({ control, name: 'options' });
  const multiple = useWatch({ control, name: 'multiple' });
  const eligibility = useWatch({ control, name: 'eligibility' });
  const requireCode = useWatch({ control, name: 'requireCode' });

  const onFailed = (action: string, error: unknown) => {
    if (error instanceof ApiError) {
      for (const [path, message] of Object.entries(error.fields)) {
        setError(path.replace(/^voting\./, '') as FieldPath<VotingFormValues>, { type: 'server', message }, { shouldFocus: true });
      }
    }
    notifyFailed(action, error);
  };
  const saved = (detail: VotingDetail, action: string) => {
    notifyDone(action, { title: detail.title });
    void navigate(`${base}/results/${detail.id}`);
  };
  const sendUpdate = (body: VotingOutput, confirmDeleteVotes: boolean) => {
    if (!voting) return;
    update.mutate(
      { id: voting.id, voting: body as never, confirmDeleteVotes },
      {
        onSuccess: (detail) => {
          setVotesConfirm(null);
          saved(detail, 'updated');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VOTES_WILL_BE_DELETED') setVotesConfirm({ message: error.message, body });
          else {
            setVotesConfirm(null);
            onFailed('updated', error);
          }
        },
      },
    );
  };
  const submit = handleSubmit((body) => {
    if (mode === 'edit') sendUpdate(body, false);
    else create.mutate(body as never, { onSuccess: (detail) => saved(detail, 'created'), onError: (error) => onFailed('created', error) });
  });

  /** Puts the options in sequence-number order and numbers them 1…n (the edited one first among equal numbers). */
  const renumber = (edited?: number) => {
    const current = getValues('options');
    const order = current
      .map((o, index) => ({ o, index, seq: Number(o.seq) }))
      .sort(
        (a, b) =>
          (Number.isFinite(a.seq) ? a.seq : 1e9) - (Number.isFinite(b.seq) ? b.seq : 1e9) ||
          (a.index === edited ? -1 : b.index === edited ? 1 : a.index - b.index),
      );
    options.replace(order.map(({ o }, i) => ({ ...o, seq: String(i + 1) })));
  };
  /** Moves an option (by the arrows or by dragging it) and renumbers the sequence. */
  const move = (from: number, to: number) => {
    if (from === to) return;
    options.move(from, to);
    for (let i = 0; i < getValues('options').length; i++) setValue(`options.${i}.seq`, String(i + 1));
  };
  const dragged = useRef<number | null>(null);
  const optionsError = (formState.errors.options as { root?: { message?: string }; message?: string } | undefined) ?? undefined;
  const optionsMessage = optionsError?.root?.message ?? optionsError?.message;
  const title = mode === 'create' ? t('voting:form.createTitle') : mode === 'edit' ? t('voting:form.editTitle') : t('voting:form.cloneTitle');

  return (
    <form noValidate onSubmit={submit} aria-label={title}>
      <Stack spacing={2}>
        {mode === 'clone' && voting ? <Alert severity="info">{t('voting:form.cloneHint', { title: voting.title })}</Alert> : null}
        {mode === 'edit' && voting && voting.responses > 0 ? (
          <Alert severity="warning">{t('voting:form.votesWarning', { count: voting.responses })}</Alert>
        ) : null}
        <Section title={t('voting:form.basics')}>
          <FormTextField control={control} name="title" label={t('voting:fields.title')} required />
          <FormTextField control={control} name="question" label={t('voting:fields.question')} required multiline minRows={3} />
          <FormSelectField
            control={control}
            name="language"
            label={t('voting:form.language')}
            options={LOCALES.map((l) => ({
              value: l,
              label: t(`voting:form.languages.${l}`),
            }))}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormDateTimeField control={control} name="startsAt" label={t('voting:fields.startsAt')} required />
            <FormDateTimeField control={control} name="endsAt" label={t('voting:fields.endsAt')} required />
          </Stack>
          <FormCheckbox control={control} name="autoStart" label={t('voting:form.autoStart')} />
        </Section>

        <Section title={t('voting:form.options')}>
          <Stack spacing={1} role="list" aria-label={t('voting:form.options')}>
            {options.fields.map((field, index) => {
              const n = index + 1;
              return (
                <Stack
                  key={field.id}
                  role="listitem"
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'flex-start' } }}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged.current !== null) move(dragged.current, index);
                    dragged.current = null;
                  }}
                >
                  <Box
                    draggable
                    onDragStart={(event) => {
                      dragged.current = index;
                      event.dataTransfer.effectAllowed = 'move';
                    }}
                    title={t('voting:form.dragOption')}
                    sx={{ cursor: 'grab', pt: { sm: 2 }, display: { xs: 'none', sm: 'block' }, color: 'text.secondary' }}
                  >
                    <DragIndicatorOutlined fontSize="small" />
                  </Box>
                  <Box
                    sx={{ flexShrink: 0 }}
                    onBlur={() => {
                      if (getValues(`options.${index}.seq`) !== String(index + 1)) renumber(index);
                    }}
                  >
                    <FormTextField
                      control={control}
                      name={`options.${index}.seq`}
                      type="number"
                      size="small"
                      label={t('voting:form.seqShort')}
                      sx={{ width: { sm: 90 } }}
                      fullWidth={false}
                      margin="dense"
                      slotProps={{ htmlInput: { min: 1, 'aria-label': t('voting:form.optionSeq', { n }) } }}
                    />
                  </Box>
                  <FormTextField
                    control={control}
                    name={`options.${index}.name`}
                    size="small"
                    margin="dense"
                    label={t('voting:form.nameShort')}
                    required
                    slotProps={{ htmlInput: { 'aria-label': t('voting:form.optionName', { n }) } }}
                  />
                  <FormTextField
                    control={control}
                    name={`options.${index}.comment`}
                    size="small"
                    margin="dense"
                    label={t('voting:form.commentShort')}
                    slotProps={{ htmlInput: { 'aria-label': t('voting:form.optionComment', { n }) } }}
                  />
                  <Stack direction="row" sx={{ pt: { sm: 1 }, flexShrink: 0 }}>
                    <IconButton
                      aria-label={t('voting:form.moveUp', { n })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                      size="small"
                    >
                      <ArrowUpwardOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('voting:form.moveDown', { n })}
                      disabled={index === options.fields.length - 1}
                      onClick={() => move(index, index + 1)}
                      size="small"
                    >
                      <ArrowDownwardOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('voting:form.removeOption', { n })}
                      onClick={() => {
                        options.remove(index);
                        setTimeout(() => renumber(), 0);
                      }}
                      size="small"
                      color="error"
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Stack>
                </Stack>
              );
            })}
          </Stack>
          {optionsMessage ? (
            <FormHelperText error role="alert">
              {translate(optionsMessage)}
            </FormHelperText>
          ) : null}
          <Button
            startIcon={<AddOutlined />}
            sx={{ mt: 1 }}
            disabled={options.fields.length >= LIMITS.votingOptionsMax}
            onClick={() => options.append(emptyOption(options.fields.length + 1))}
          >
            {t('voting:form.addOption')}
          </Button>
        </Section>

        <Section title={t('voting:form.answersSection')}>
          <FormCheckbox control={control} name="multiple" label={t('voting:form.multiple')} />
          {multiple ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="minAnswers"
                type="number"
                label={t('voting:form.minAnswers')}
                slotProps={{ htmlInput: { min: 1 } }}
              />
              <FormTextField
                control={control}
                name="maxAnswers"
                type="number"
                label={t('voting:form.maxAnswers')}
                slotProps={{ htmlInput: { min: 1 } }}
              />
            </Stack>
          ) : (
            <>
              {/* One answer: the schema still reports an option count not above one on maxAnswers. */}
              <Controller
                control={control}
                name="maxAnswers"
                render={({ fieldState }) =>
                  fieldState.error ? <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText> : <span />
                }
              />
            </>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={control} name="quorum" type="number" label={t('voting:form.quorum')} slotProps={{ htmlInput: { min: 0 } }} />
            <FormTextField
              control={control}
              name="maxResponses"
              type="number"
              label={t('voting:form.maxResponses')}
              helperText={t('voting:form.maxResponsesHint')}
              slotProps={{ htmlInput: { min: 1 } }}
            />
          </Stack>
        </Section>

        <Section title={t('voting:form.votersSection')}>
          <FormSelectField
            control={control}
            name="unit"
            label={t('voting:form.unit')}
            options={[
              { value: 'company', label: t('voting:form.unitCompany') },
              { value: 'person', label: t('voting:form.unitPerson') },
            ]}
          />
          <FormSelectField
            control={control}
            name="eligibility"
            label={t('voting:form.eligibility')}
            options={[
              { value: 'all', label: t('voting:form.eligibilityAll') },
              { value: 'companies', label: t('voting:form.eligibilityCompanies') },
            ]}
          />
          {eligibility === 'companies' ? (
            <Controller
              control={control}
              name="companyIds"
              render={({ field, fieldState }) => (
                <SearchAutocomplete
                  multiple
                  label={t('voting:form.companies')}
                  query={(search) => activeCompanyChoices(prefix, search)}
                  noOptionsText={t('organisation:noCompanies')}
                  value={field.value}
                  onChange={field.onChange}
                  margin="normal"
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? translate(fieldState.error.message) : undefined}
                />
              )}
            />
          ) : null}
          <FormCheckbox control={control} name="secret" label={t('voting:form.secret')} helperText={t('voting:form.secretHint')} />
          <FormCheckbox control={control} name="requireCode" label={t('voting:form.requireCode')} />
          {requireCode ? null : (
            <Alert severity="warning" data-testid="voting-no-code-warning">
              {t('voting:form.noCodeWarning')}
            </Alert>
          )}
        </Section>

        <Section title={t('voting:form.publication')}>
          <FormCheckbox control={control} name="publishResults" label={t('voting:form.publishResults')} />
          <FormCheckbox control={control} name="showCounts" label={t('voting:form.showCounts')} />
        </Section>

        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {t('common:save')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={votesConfirm !== null}
        title={t('voting:confirm.votesTitle')}
        confirmLabel={t('voting:confirm.votesConfirm')}
        danger
        pending={update.isPending}
        onConfirm={() => votesConfirm && sendUpdate(votesConfirm.body, true)}
        onClose={() => setVotesConfirm(null)}
      >
        <Typography>{votesConfirm?.message}</Typography>
      </ConfirmDialog>
    </form>
  );
}
