import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlined from '@mui/icons-material/SendOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CommitteeAdmin, type Locale, messageFields, type Template } from '@portal/shared';
import { useEffect, useId, useState } from 'react';
import { type Control, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale, translateMessage } from '../../../lib/i18n.ts';
import { useDistribution } from '../api/distribution.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useMailSettings } from '../api/mail-settings.ts';
import { useTemplatesOfType } from '../api/mail-templates.ts';
import { useSendMailing } from '../api/mailings.ts';
import { uploadTemplateImage } from '../api/manage-templates.ts';
import { useCommitteeLabels } from './labels.ts';
import { placeholderInfo } from './mail-labels.ts';
import { MailPreviewDialog } from './mail-preview-dialog.tsx';
import { mailingToasts } from './mail-toasts.ts';
import { checkPlaceholders } from './message-checks.ts';
import { MessageFields, type MessageValues, tabToShow } from './message-fields.tsx';

const { notifyDone, notifyFailed } = mailingToasts;
const TYPE = 'committeeMailing';
const formSchema = z.object(messageFields).superRefine((values, ctx) => checkPlaceholders(TYPE, values, ctx));
const EMPTY: MessageValues = { subjectEn: '', subjectRu: '', bodyEn: '', bodyRu: '' };
const messageOf = ({ subjectEn, subjectRu, bodyEn, bodyRu }: Template): MessageValues => ({ subjectEn, subjectRu, bodyEn, bodyRu });

/**
 * A new mailing to a committee's or group's distribution list: a template of the mailing type fills its subjects and
 * bodies in both languages (at first the one the mail settings choose), which staff then edit; a preview and a test to
 * oneself; and sending, after a question that says how many addresses the list has.
 */
export default function MailingForm({ committee, onClose }: { committee: CommitteeAdmin; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const templates = useTemplatesOfType(prefix, TYPE);
  const settings = useMailSettings(prefix);
  // Only the count is wanted: the smallest page says it.
  const distribution = useDistribution(prefix, { committeeId: committee.id, pageSize: 1 });
  const send = useSendMailing(prefix);
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [locale, setLocale] = useState<Locale>(currentLocale());
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState<MessageValues | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, getValues, reset } = useForm<MessageValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const titleId = useId();
  const word = (key: string, params?: Record<string, unknown>) => t(`committees:mailings.${key}`, params ?? {});
  const name = labels.name(committee);
  const recipients = distribution.data?.total;

  const choose = (id: number | '') => {
    setTemplateId(id);
    const template = templates.data?.find((row) => row.id === id);
    reset(template ? messageOf(template) : EMPTY);
  };
  // At first, the template the settings choose for mailings (else the built-in one, which getByType answers first).
  const loaded = templates.data !== undefined && !settings.isLoading;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, when the templates and settings have come
  useEffect(() => {
    if (!loaded || !templates.data) return;
    const preferred = templates.data.find((row) => row.id === settings.data?.templates.mailing) ?? templates.data[0];
    if (preferred) choose(preferred.id);
  }, [loaded]);

  const sendNow = (message: MessageValues) =>
    send.mutate(
      { committeeId: committee.id, ...message },
      {
        onSuccess: (mailing) => {
          setConfirming(null);
          notifyDone('sent', {
            subject: currentLocale() === 'ru' ? mailing.subjectRu : mailing.subjectEn,
            count: mailing.recipients,
            n: formatNumber(mailing.recipients),
          });
          onClose();
        },
        onError: (error) => {
          setConfirming(null);
          const fieldErrors = error instanceof ApiError ? Object.entries(error.fields) : [];
          const onFields = fieldErrors.filter(([path]) => path in EMPTY);
          setLocale(
            tabToShow(
              onFields.map(([path]) => path),
              locale,
            ),
          );
          for (const [path, message] of onFields) setError(path as FieldPath<MessageValues>, { type: 'server', message }, { shouldFocus: true });
          // What is not about the text (an empty distribution list, said on committeeId) is said above the buttons.
          setProblem(
            fieldErrors
              .filter(([path]) => !(path in EMPTY))
              .map(([, message]) => translateMessage(message))
              .join(' ') || null,
          );
          notifyFailed('sent', error);
        },
      },
    );
  const submit = handleSubmit(
    (message) => {
      setProblem(null);
      setConfirming(message);
    },
    (errors) => setLocale(tabToShow(Object.keys(errors), locale)),
  );
  const values = getValues();

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <form noValidate onSubmit={submit}>
        <Typography id={titleId} variant="h6" component="h2">
          {word('form.title')}
        </Typography>
        <Typography variant="body2" color={recipients === 0 ? 'error' : 'text.secondary'} role="status">
          {recipients === undefined
            ? ''
            : recipients === 0
              ? word('confirm.empty', { name })
              : word('form.recipients', { count: recipients, n: formatNumber(recipients) })}
        </Typography>
        {templates.error ? <Alert severity="error">{errorMessage(templates.error)}</Alert> : null}
        {distribution.error ? <Alert severity="error">{errorMessage(distribution.error)}</Alert> : null}
        <TextField
          select
          fullWidth
          margin="normal"
          label={word('form.template')}
          helperText={word('form.templateHint')}
          value={templates.data ? templateId : ''}
          disabled={!templates.data}
          onChange={(event) => choose(event.target.value === '' ? '' : Number(event.target.value))}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{word('form.noTemplate')}</MenuItem>
          {(templates.data ?? []).map((template) => (
            <MenuItem key={template.id} value={template.id}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
        <MessageFields
          control={control as Control<MessageValues>}
          locale={locale}
          onLocaleChange={setLocale}
          placeholders={placeholderInfo(TYPE)}
          uploadImage={isAdmin ? uploadTemplateImage : undefined}
        />
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2 }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button variant="outlined" startIcon={<VisibilityOutlined />} onClick={() => setPreviewing(true)}>
            {t('committees:mailEditor.preview')}
          </Button>
          <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={!recipients}>
            {word('form.send')}
          </Button>
        </Stack>
      </form>
      {previewing ? (
        <MailPreviewDialog
          title={t('committees:mailEditor.previewTitle')}
          type={TYPE}
          locale={locale}
          messages={{ en: { subject: values.subjectEn, body: values.bodyEn }, ru: { subject: values.subjectRu, body: values.bodyRu } }}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={word('confirm.title')}
        confirmLabel={word('confirm.confirm')}
        pending={send.isPending}
        onConfirm={() => confirming && sendNow(confirming)}
        onClose={() => setConfirming(null)}
      >
        <Typography>
          {recipients === 0
            ? word('confirm.empty', { name })
            : word('confirm.text', { count: recipients ?? 0, n: formatNumber(recipients ?? 0), name })}
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
}
