import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { rolePath } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { HomeCard } from '../../../components/home-card.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadPublished } from '../api/download-published.ts';
import { usePublishedReports } from '../api/published-reports.ts';
import { NEW_REPORT_DAYS, newReports } from './published-groups.ts';
import { useReportLabels } from './report-labels.ts';

/** How many new reports the card lists before pointing to the history. */
const SHOWN = 5;

/** The home page's new reports: those published to the person in the last weeks, each to download at once. */
export default function ReportsHomeCard() {
  const { t } = useTranslation();
  const role = useCurrentUser()?.role ?? 'employee';
  const labels = useReportLabels();
  const published = usePublishedReports();
  const fresh = newReports(published.data ?? [], new Date()).slice(0, SHOWN);
  return (
    <HomeCard title={t('reports:homeCard.title')} more={{ label: t('reports:published.title'), to: rolePath(role, 'reports/published') }}>
      {published.isPending ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {published.error ? <Alert severity="error">{errorMessage(published.error)}</Alert> : null}
      {published.data && fresh.length === 0 ? (
        <Typography color="text.secondary">{t('reports:homeCard.none', { count: NEW_REPORT_DAYS })}</Typography>
      ) : null}
      {fresh.map((r) => {
        const name = `${labels.report(r)} · ${labels.language(r.language)} · ${labels.format(r.format)}`;
        return (
          <Box key={r.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {`${labels.period(r)} · ${t('reports:homeCard.publishedOn', { date: formatDate(r.publishedAt) })}`}
              </Typography>
            </Box>
            <RowActions
              actions={[
                {
                  label: t('reports:homeCard.download', { report: name }),
                  icon: <DownloadOutlined />,
                  onClick: () => void downloadPublished(r.id).catch((e) => toast.error(t('errors:downloadFailed'), errorMessage(e))),
                },
              ]}
            />
          </Box>
        );
      })}
    </HomeCard>
  );
}
