import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { DocumentsTable } from '../../../features/content/components/documents-table.tsx';

/** /documents under every role's prefix: the documents meant for the person. */
export default function DocumentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('content:documents.title'));
  return (
    <Stack spacing={3}>
      <PageHeading>{t('content:documents.title')}</PageHeading>
      <DocumentsTable />
    </Stack>
  );
}
