import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { DigestTable } from '../../../features/content/components/digest-table.tsx';

/** /digest under every role's prefix. */
export default function DigestPage() {
  const { t } = useTranslation();
  usePageTitle(t('content:digest.title'));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('content:digest.title')}</PageHeading>
      <DigestTable />
    </Stack>
  );
}
