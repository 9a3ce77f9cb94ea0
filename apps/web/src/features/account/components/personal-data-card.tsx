import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { account } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../components/form-card.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { downloadEndpoint } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

/** "Download my data": everything the portal holds about the person, as one zip (JSON and a readable PDF). */
export function PersonalDataCard() {
  const { t } = useTranslation();
  const download = useMutation({ mutationFn: () => downloadEndpoint(account.exportMyData) });
  return (
    <FormCard title={t('account:personalDataTitle')} headingLevel="h2">
      <Typography variant="body2">{t('account:personalDataHint')}</Typography>
      <Button
        variant="outlined"
        startIcon={<DownloadOutlined />}
        sx={{ mt: 2 }}
        loading={download.isPending}
        onClick={() => download.mutate(undefined, { onError: (error) => toast.error(t('errors:downloadFailed'), errorMessage(error)) })}
      >
        {t('account:personalDataDownload')}
      </Button>
    </FormCard>
  );
}
