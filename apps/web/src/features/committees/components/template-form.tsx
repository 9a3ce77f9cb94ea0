import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isSelectableMailType, type Locale, MAIL_TYPES, type Template, templateCreateBody } from '@portal/shared';
import { useState } from 'react';
import { type Control, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { uploadTemplateImage, useSaveTemplate } from '../api/manage-templates.ts';
import { placeholderInfo, useMailLabels } from './mail-labels.ts';
import { MailPreviewDialog } from './mail-preview-dialog.tsx';
import { templateToasts } from './mail-toasts.ts';
import { checkPlaceholders } from './message-checks.ts';
import { MessageFields, type MessageValues, tabToShow } from './message-fields.tsx';

const { notifyDone, notifyFailed } = templateToasts;
const SELECTABLE_TYPES = MAIL_TYPES.filter(isSelectableMailType);

const formSchema = templateCreateBody.superRefine((values, ctx) => checkPlaceholders(values.type, values, ctx));
type TemplateFormValues = z.input<typeof formSchema>;

/**
 * Creates a template of a committee event or mailing type, or edits any template (its type stays): name, description,
 * and the subject and rich-text body in both languages, with the placeholders of its type; a preview and a test
 * before saving. The placeholder rule is checked here and again on the server, whose messages land on the same fields.
 */
export function TemplateForm({ template, base }: { template?: Template; base: string }) {
  const { t } = useTranslation();
  const labels = useMailLabels();
  const navigate = useNavigate();
  const save = useSaveTemplate();
  const [locale, setLocale] = useState<Locale>(currentLocale());
  const [previewing, setPreviewing] = useState(false);
  const { control, handleSubmit, setError, getValues } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: {
      type: template?.type ?? 'committeeMailing',
      name: template?.name ?? '',
      description: template?.description ?? '',
      subjectEn: template?.subjectEn ?? '',
      subjectRu: template?.subjectRu ?? '',
      bodyEn: template?.bodyEn ?? '',
      bodyRu: template?.bodyRu ?? '',
    },
  });
  const type = useWatch({ control, name: 'type' });
  const list = `${base}/cwg/template`;
  const action = template ? 'updated' : 'created';
  const word = (key: string) => t(`committees:templates.form.${key}`);
  const title = template ? word('editTitle') : word('createTitle');

  const submit = handleSubmit(
    ({ type: chosen, ...fields }) =>
      save.mutate(template ? { id: template.id, ...fields } : { type: chosen, ...fields }, {
        onSuccess: (saved) => {
          notifyDone(action, { name: saved.name });
          void navigate(list);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? Object.entries(error.fields) : [];
          setLocale(
            tabToShow(
              fieldErrors.map(([path]) => path),
              locale,
            ),
          );
          for (const [path, message] of fieldErrors) {
            setError(path as FieldPath<TemplateFormValues>, { type: 'server', message }, { shouldFocus: true });
          }
          notifyFailed(action, error);
        },
      }),
    (errors) => setLocale(tabToShow(Object.keys(errors), locale)),
  );
  const values = () => getValues();

  return (
    <form noValidate onSubmit={submit} aria-label={title}>
      <Stack spacing={2}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button size="small" startIcon={<ArrowBackOutlined />} component={RouterLink} to={list}>
            {word('back')}
          </Button>
          <Typography variant="h5" component="h2">
            {title}
          </Typography>
        </Stack>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <FormTextField control={control} name="name" label={word('name')} required autoFocus={!template} />
          <FormTextField
            control={control}
            name="description"
            label={word('description')}
            helperText={word('descriptionHint')}
            multiline
            minRows={2}
          />
          {template ? (
            <TextField
              fullWidth
              margin="normal"
              label={word('type')}
              value={labels.type(template.type)}
              helperText={word('typeFixed')}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          ) : (
            <FormSelectField
              control={control}
              name="type"
              label={word('type')}
              required
              helperText={word('typeHint')}
              options={SELECTABLE_TYPES.map((value) => ({ value, label: labels.type(value) }))}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <MessageFields
            control={control as unknown as Control<MessageValues>}
            locale={locale}
            onLocaleChange={setLocale}
            placeholders={placeholderInfo(type)}
            uploadImage={uploadTemplateImage}
          />
        </Paper>
        <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={list}>
            {t('common:cancel')}
          </Button>
          <Button variant="outlined" startIcon={<VisibilityOutlined />} onClick={() => setPreviewing(true)}>
            {t('committees:mailEditor.preview')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {template ? t('common:save') : word('create')}
          </Button>
        </Stack>
      </Stack>
      {previewing ? (
        <MailPreviewDialog
          title={t('committees:mailEditor.previewTitle')}
          type={type}
          locale={locale}
          messages={{ en: { subject: values().subjectEn, body: values().bodyEn }, ru: { subject: values().subjectRu, body: values().bodyRu } }}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
    </form>
  );
}
