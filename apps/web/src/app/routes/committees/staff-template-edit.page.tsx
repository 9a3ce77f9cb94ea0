import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { ROLE_PREFIX } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { useTemplate } from '../../../features/committees/api/mail-templates.ts';
import { TemplateForm } from '../../../features/committees/components/template-form.tsx';
import { StaffCwg } from './staff-cwg.tsx';

/** /admin/cwg/template/edit/:id: a template's name, description, subjects and bodies (its type stays). */
export default function StaffTemplateEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const template = useTemplate('admin', id);
  return (
    <StaffCwg tab="template" title={t('committees:templates.form.editTitle')}>
      {template.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {template.error ? <Alert severity="error">{errorMessage(template.error)}</Alert> : null}
      {template.data ? <TemplateForm key={template.data.id} template={template.data} base={ROLE_PREFIX.admin} /> : null}
    </StaffCwg>
  );
}
