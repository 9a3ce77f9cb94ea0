import { MailSettingsForm } from '../../../features/committees/components/mail-settings-form.tsx';
import { StaffCwg } from './staff-cwg.tsx';

/** /{aipm|admin}/cwg/settings: the committees' mail settings (sender name, each committee e-mail's template). */
export default function StaffMailSettingsPage() {
  return (
    <StaffCwg tab="settings">
      <MailSettingsForm />
    </StaffCwg>
  );
}
