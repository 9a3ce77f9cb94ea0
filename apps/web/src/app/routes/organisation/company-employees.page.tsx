import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { PeopleTable } from '../../../features/organisation/components/people-table.tsx';
import { StaffContactsCard } from '../../../features/organisation/components/staff-contacts-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /ceo/employees and /trusted/employees: the people of the caller's own company and the association's contacts. */
export default function CompanyEmployeesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('common:nav.employees'));
  return (
    <Stack spacing={3}>
      <div>
        <PageHeading>{t('common:nav.employees')}</PageHeading>
        {user?.company ? (
          <Typography color="text.secondary" data-testid="own-company">
            {user.company.name}
          </Typography>
        ) : null}
      </div>
      <PeopleTable scope="own" />
      <StaffContactsCard />
    </Stack>
  );
}
