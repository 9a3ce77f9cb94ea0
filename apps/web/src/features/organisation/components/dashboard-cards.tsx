import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format.ts';
import { useDashboard } from '../api/dashboard.ts';
import type { StaffPrefix } from '../api/prefix.ts';

interface CardSpec {
  key: string;
  title: string;
  value: number | undefined;
  detail?: string;
  to: string;
  highlight?: boolean;
}

function DashboardCard({ title, value, detail, to, highlight }: Omit<CardSpec, 'key'>) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderColor: highlight ? 'primary.main' : undefined }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle2" color="text.secondary" component="h3">
            {title}
          </Typography>
          <Typography variant="h4" sx={{ fontWeight: 700, color: highlight ? 'primary.main' : undefined }}>
            {value === undefined ? <Skeleton width={60} /> : formatNumber(value)}
          </Typography>
          {detail ? (
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The admin's home: what awaits action and the size of the membership, each a link to its screen. */
export function DashboardCards({ prefix, base }: { prefix: StaffPrefix; base: string }) {
  const { t } = useTranslation();
  const { data } = useDashboard(prefix);
  const split = (counts: { active: number; inactive: number } | undefined) =>
    counts ? t('organisation:dashboard.activeInactive', { active: formatNumber(counts.active), inactive: formatNumber(counts.inactive) }) : undefined;
  const sections: { title: string; cards: CardSpec[] }[] = [
    {
      title: t('organisation:dashboard.awaiting'),
      cards: [
        {
          key: 'applications',
          title: t('organisation:dashboard.pendingApplications'),
          value: data?.pendingApplications,
          to: `${base}/applications`,
          highlight: (data?.pendingApplications ?? 0) > 0,
        },
        {
          key: 'log',
          title: t('organisation:dashboard.unviewedLog'),
          value: data?.unviewedUsersLog,
          to: `${base}/employees/log`,
          highlight: (data?.unviewedUsersLog ?? 0) > 0,
        },
      ],
    },
    {
      title: t('organisation:dashboard.membership'),
      cards: [
        {
          key: 'companies',
          title: t('organisation:dashboard.companies'),
          value: data ? data.companies.active + data.companies.inactive : undefined,
          detail: split(data?.companies),
          to: `${base}/employees/companies`,
        },
        {
          key: 'people',
          title: t('organisation:dashboard.people'),
          value: data ? data.people.active + data.people.inactive : undefined,
          detail: split(data?.people),
          to: `${base}/employees/emp`,
        },
      ],
    },
    {
      title: t('organisation:dashboard.security'),
      cards: [
        {
          key: 'secondFactor',
          title: t('organisation:dashboard.staffWithoutSecondFactor'),
          value: data?.staffWithoutSecondFactor,
          to: `${base}/employees/aipm`,
          highlight: (data?.staffWithoutSecondFactor ?? 0) > 0,
        },
      ],
    },
  ];
  return (
    <>
      {sections.map((section) => (
        <section key={section.title}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
            {section.title}
          </Typography>
          <Grid container spacing={2}>
            {section.cards.map(({ key, ...card }) => (
              <Grid key={key} size={{ xs: 12, sm: 6, lg: 3 }}>
                <DashboardCard {...card} />
              </Grid>
            ))}
          </Grid>
        </section>
      ))}
    </>
  );
}
