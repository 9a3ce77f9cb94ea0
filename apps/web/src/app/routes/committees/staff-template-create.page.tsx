import { ROLE_PREFIX } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { TemplateForm } from '../../../features/committees/components/template-form.tsx';
import { StaffCwg } from './staff-cwg.tsx';

/** /admin/cwg/template/create: a new template of a committee event or mailing type. */
export default function StaffTemplateCreatePage() {
  const { t } = useTranslation();
  return (
    <StaffCwg tab="template" title={t('committees:templates.form.createTitle')}>
      <TemplateForm base={ROLE_PREFIX.admin} />
    </StaffCwg>
  );
}
