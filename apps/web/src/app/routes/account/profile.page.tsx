import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/page-title.ts';
import { AccountDataCard } from '../../../features/account/components/account-data-card.tsx';
import { ErasureCard } from '../../../features/account/components/erasure-card.tsx';
import { PasskeysCard } from '../../../features/account/components/passkeys-card.tsx';
import { PersonalDataCard } from '../../../features/account/components/personal-data-card.tsx';
import { ProfileInfoCard } from '../../../features/account/components/profile-info-card.tsx';
import { SessionsCard } from '../../../features/account/components/sessions-card.tsx';
import { TwoFactorCard } from '../../../features/account/components/two-factor-card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/**
 * /profile under every role's prefix: information, account data, two-factor sign-in, passkeys, where the person is signed
 * in, their data to download, and its erasure; a session that may only enrol a second factor sees the two ways to enrol.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('account:profileTitle'));
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('account:profileTitle')}
      </Typography>
      {/* A session that may only enrol a second factor sees the two ways of enrolling one; the rest needs it first. */}
      {user.mustEnrol ? null : (
        <>
          <ProfileInfoCard user={user} />
          <AccountDataCard user={user} />
        </>
      )}
      <TwoFactorCard user={user} />
      <PasskeysCard />
      {user.mustEnrol ? null : (
        <>
          <SessionsCard />
          <PersonalDataCard />
          <ErasureCard />
        </>
      )}
    </Stack>
  );
}
