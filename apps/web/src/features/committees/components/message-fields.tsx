import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LOCALES, type Locale } from '@portal/shared';
import { lazy, Suspense, useId } from 'react';
import { type Control, Controller, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import type { PlaceholderInfo } from './mail-labels.ts';

// The editor (TipTap and ProseMirror, about 130 KiB) loads as the form shows, not with the page.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** What an e-mail says in both languages: a template's or a mailing's. */
export interface MessageValues {
  subjectEn: string;
  subjectRu: string;
  bodyEn: string;
  bodyRu: string;
}

export const MESSAGE_FIELDS: Record<Locale, { subject: 'subjectEn' | 'subjectRu'; body: 'bodyEn' | 'bodyRu' }> = {
  en: { subject: 'subjectEn', body: 'bodyEn' },
  ru: { subject: 'subjectRu', body: 'bodyRu' },
};

const holds = (locale: Locale, fields: readonly string[]) =>
  fields.includes(MESSAGE_FIELDS[locale].subject) || fields.includes(MESSAGE_FIELDS[locale].body);

/** The language tab to show after a failed save naming these fields: the open one if it has any of them, else one that has. */
export const tabToShow = (fields: readonly string[], open: Locale): Locale =>
  holds(open, fields) ? open : (LOCALES.find((locale) => holds(locale, fields)) ?? open);

interface MessageFieldsProps {
  control: Control<MessageValues>;
  /** The open language tab (the form opens the one a failed save names). */
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  placeholders: readonly PlaceholderInfo[];
  uploadImage?: (file: File) => Promise<string>;
}

/**
 * A message's subject and rich-text body in English and Russian, one tab each; a tab whose fields have errors says so.
 * Both tabs stay mounted (one hidden), so each editor keeps its undo history.
 */
export function MessageFields({ control, locale, onLocaleChange, placeholders, uploadImage }: MessageFieldsProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const baseId = useId();
  const { errors } = useFormState({ control });
  const word = (key: string) => t(`committees:mailEditor.${key}`);
  const hasErrors = (l: Locale) => Boolean(errors[MESSAGE_FIELDS[l].subject] || errors[MESSAGE_FIELDS[l].body]);

  return (
    <Box>
      <Tabs
        value={locale}
        onChange={(_, next: Locale) => onLocaleChange(next)}
        aria-label={word('languages')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {LOCALES.map((l) => (
          <Tab
            key={l}
            value={l}
            id={`${baseId}-tab-${l}`}
            aria-controls={`${baseId}-panel-${l}`}
            label={word(l)}
            icon={hasErrors(l) ? <ErrorOutline color="error" titleAccess={word('hasErrors')} /> : undefined}
            iconPosition="end"
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      {LOCALES.map((l) => {
        const { subject, body } = MESSAGE_FIELDS[l];
        return (
          <Box key={l} role="tabpanel" id={`${baseId}-panel-${l}`} aria-labelledby={`${baseId}-tab-${l}`} hidden={l !== locale}>
            <FormTextField control={control} name={subject} label={word(subject)} required />
            <Controller
              control={control}
              name={body}
              render={({ field, fieldState }) => (
                <Suspense fallback={<EditorLoading label={word(body)} />}>
                  <RichTextEditor
                    label={word(body)}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    focusRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? translate(fieldState.error.message) : undefined}
                    placeholders={placeholders}
                    uploadImage={uploadImage}
                  />
                </Suspense>
              )}
            />
          </Box>
        );
      })}
      <Typography variant="body2" color="text.secondary">
        {placeholders.length > 0 ? word('placeholdersHint') : word('noPlaceholders')}
      </Typography>
    </Box>
  );
}

/** The editor's label and frame, of its height, while it loads (so the form does not jump when it arrives). */
function EditorLoading({ label }: { label: string }) {
  return (
    <Box sx={{ my: 2 }} aria-busy="true">
      <FormLabel required sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, height: 258 }} />
    </Box>
  );
}
