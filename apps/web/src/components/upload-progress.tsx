import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

/** How much of an upload has gone (a fraction from 0 to 1), as a bar and in words. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const words = t('common:file.uploading', { percent: formatNumber(Math.round(fraction * 100)) });
  return (
    <Stack spacing={0.5}>
      <LinearProgress variant="determinate" value={fraction * 100} aria-label={words} />
      <Typography variant="caption" color="text.secondary" role="status">
        {words}
      </Typography>
    </Stack>
  );
}
