import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { VotingDetail } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../../components/form-errors.ts';
import { useVotingDetail } from '../../../features/voting/api/detail.ts';
import { useLiveResults } from '../../../features/voting/api/live-results.ts';
import { useVotingPrefix } from '../../../features/voting/api/prefix.ts';

/**
 * Loads the voting of the route's :id and renders the page with it (a bar while loading, the server's message on
 * failure); `live` follows its changes as they happen (the results page).
 */
export function WithVoting({ children, live }: { children: (voting: VotingDetail) => ReactNode; live?: boolean }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const prefix = useVotingPrefix();
  const detail = useVotingDetail(prefix, id);
  useLiveResults(prefix, live ? id : 0);
  if (detail.isLoading) return <LinearProgress aria-label={t('common:loading')} />;
  if (detail.error || !detail.data) return <Alert severity="error">{detail.error ? errorMessage(detail.error) : t('voting:results.notFound')}</Alert>;
  return <>{children(detail.data)}</>;
}
