import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TemplateSummary } from '@portal/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useTemplate } from '../api/mail-templates.ts';
import { useMailLabels } from './mail-labels.ts';
import { MailPreviewDialog } from './mail-preview-dialog.tsx';

/**
 * A template read-only (what staff who may not edit it see, and admin before editing): its kind and description, and
 * its subject and body as the server renders them with sample data, in either language; a test can be sent to oneself.
 */
export function TemplateViewDialog({ summary, onClose }: { summary: TemplateSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useMailLabels();
  const titleId = useId();
  const template = useTemplate(useStaffPrefix(), summary.id);
  const title = t('committees:templates.viewTitle', { name: summary.name });
  if (!template.data) {
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {template.error ? <Alert severity="error">{errorMessage(template.error)}</Alert> : <LinearProgress aria-label={t('common:loading')} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  const { type, description, subjectEn, subjectRu, bodyEn, bodyRu } = template.data;
  return (
    <MailPreviewDialog
      title={title}
      type={type}
      locale={currentLocale()}
      messages={{ en: { subject: subjectEn, body: bodyEn }, ru: { subject: subjectRu, body: bodyRu } }}
      intro={
        <>
          <Typography sx={{ fontWeight: 500 }}>{labels.type(type)}</Typography>
          {description ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
              {description}
            </Typography>
          ) : null}
        </>
      }
      onClose={onClose}
    />
  );
}
