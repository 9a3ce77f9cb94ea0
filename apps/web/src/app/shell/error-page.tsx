import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { ApiError } from '../../lib/api-client.ts';
import { isChunkLoadError, reloadForChunkError } from '../../lib/chunk-reload.ts';

const TEXT_KEY: Record<number, string> = {
  403: 'errors:noAccessPage',
  404: 'common:notFoundText',
};

/** The error page of spec §2: the status code and a link back home. */
export function ErrorPage({ status = 404, homeHref }: { status?: number; homeHref?: string }) {
  const { t } = useTranslation();
  const title = t('common:errorTitle', { status });
  usePageTitle(title);
  const home = t('common:backHome');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'center', textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h2" component="h1" color="primary" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body1">{t(TEXT_KEY[status] ?? 'common:serverErrorText')}</Typography>
      {homeHref ? (
        <Button variant="contained" href={homeHref}>
          {home}
        </Button>
      ) : (
        <Button variant="contained" component={Link} to="/">
          {home}
        </Button>
      )}
    </Box>
  );
}

/** The status an error stands for: a route response's own, an API error's, else 500. */
export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError && error.status >= 400) return error.status;
  return 500;
}

/** The router's error boundary: an uncaught error in a page shows the error page with its status. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  if (statusOf(error) === 500) console.error(error);
  return <ErrorPage status={statusOf(error)} />;
}
