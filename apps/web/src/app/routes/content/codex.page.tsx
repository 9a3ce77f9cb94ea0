import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { CodexView } from '../../../features/content/components/codex-view.tsx';

/** /codex under every role's prefix: the association's code of practice. */
export default function CodexPage() {
  const { t } = useTranslation();
  usePageTitle(t('content:codex.title'));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('content:codex.title')}</PageHeading>
      <CodexView />
    </Stack>
  );
}
