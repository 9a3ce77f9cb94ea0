import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { HelpView } from '../../../features/content/components/help-view.tsx';

/** /help under every role's prefix. */
export default function HelpPage() {
  const { t } = useTranslation();
  usePageTitle(t('content:help.title'));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('content:help.title')}</PageHeading>
      <HelpView />
    </Stack>
  );
}
