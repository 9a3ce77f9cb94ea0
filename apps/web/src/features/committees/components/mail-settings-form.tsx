import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  COMMITTEE_MAIL_EVENT_NAMES,
  COMMITTEE_MAIL_EVENTS,
  type CommitteeMailEvent,
  type CommitteeMailSettings,
  committeeMailSettingsBody,
} from '@portal/shared';
import { type Control, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage, showFormError } from '../../../components/form-errors.ts';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useStaffPrefix } from '../api/keys.ts';
import { useMailSettings, useSaveMailSettings } from '../api/mail-settings.ts';
import { useTemplatesOfType } from '../api/mail-templates.ts';
import { useMailLabels } from './mail-labels.ts';
import { settingsToasts } from './mail-toasts.ts';

const { notifyDone, notifyFailed } = settingsToasts;

/** The settings as the form holds them: every event has its template (the server answers one for each). */
type SettingsValues = z.input<typeof committeeMailSettingsBody>;
type SettingsBody = z.output<typeof committeeMailSettingsBody>;

const valuesOf = (settings: CommitteeMailSettings): SettingsValues => ({ senderName: settings.senderName, ...settings.templates });

/** One committee event's template: a select of the templates of its type (getByType, the built-in one first). */
function EventTemplateField({ event, control }: { event: CommitteeMailEvent; control: Control<SettingsValues> }) {
  const labels = useMailLabels();
  const templates = useTemplatesOfType(useStaffPrefix(), COMMITTEE_MAIL_EVENTS[event]);
  return (
    <FormSelectField
      control={control}
      name={event as FieldPath<SettingsValues>}
      label={labels.event(event)}
      required
      helperText={labels.type(COMMITTEE_MAIL_EVENTS[event])}
      disabled={!templates.data}
      options={(templates.data ?? []).map((template) => ({ value: template.id, label: template.name }))}
    />
  );
}

function SettingsForm({ settings }: { settings: CommitteeMailSettings }) {
  const { t } = useTranslation();
  const save = useSaveMailSettings(useStaffPrefix());
  const { control, handleSubmit, setError, reset } = useForm<SettingsValues, unknown, SettingsBody>({
    resolver: zodResolver(committeeMailSettingsBody),
    defaultValues: valuesOf(settings),
  });
  const word = (key: string) => t(`committees:mailSettings.${key}`);
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        notifyDone('saved');
      },
      onError: (error) => {
        showFormError(error, setError, () => undefined);
        notifyFailed('saved', error);
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t('committees:staff.tabs.settings')}>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <FormTextField control={control} name="senderName" label={word('senderName')} helperText={word('senderNameHint')} required />
        </Paper>
        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2">
            {word('templates')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {word('templatesHint')}
          </Typography>
          {COMMITTEE_MAIL_EVENT_NAMES.map((event) => (
            <EventTemplateField key={event} event={event} control={control} />
          ))}
        </Paper>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('common:save')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

/** The committees' mail settings: the sender name, and for each committee event the template it is sent with. */
export function MailSettingsForm() {
  const { t } = useTranslation();
  const settings = useMailSettings(useStaffPrefix());
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="body2" color="text.secondary">
        {t('committees:mailSettings.intro')}
      </Typography>
      {settings.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {settings.error ? <Alert severity="error">{errorMessage(settings.error)}</Alert> : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
    </Stack>
  );
}
