import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { HOME_CARDS } from '../../home-cards.ts';

// Each card's code loads on its own, once, whoever's home shows it.
const CARDS = new Map<string, ComponentType>(HOME_CARDS.map((entry) => [entry.id, lazy(entry.card)]));

/** The members' home (/home, /trusted/home, /ceo/home): a card from each area the person uses, with what needs them now. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  usePageTitle(t('common:home.title'));
  const cards = HOME_CARDS.filter((entry) => user && entry.roles.includes(user.role));
  return (
    <Stack spacing={3}>
      <PageHeading>{user ? t('common:home.welcome', { name: user.name }) : t('common:home.title')}</PageHeading>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {cards.map((entry) => {
          const Card = CARDS.get(entry.id);
          return Card ? (
            <Suspense key={entry.id} fallback={<LinearProgress aria-label={t('common:loading')} />}>
              <Card />
            </Suspense>
          ) : null;
        })}
      </Box>
    </Stack>
  );
}
