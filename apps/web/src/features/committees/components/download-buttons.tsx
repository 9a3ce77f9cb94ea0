import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailed } from './staff-toasts.ts';

type Format = 'xlsx' | 'csv';

/** "Download Excel" and "Download CSV" of a list; each shows its progress and a failure toast. */
export function DownloadButtons({ download }: { download: (format: Format) => Promise<void> }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Format | null>(null);
  const run = (format: Format) => {
    setPending(format);
    download(format)
      .catch((error: unknown) => notifyFailed('download', error))
      .finally(() => setPending(null));
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button key={format} variant="outlined" startIcon={<FileDownloadOutlined />} loading={pending === format} onClick={() => run(format)}>
          {t(format === 'xlsx' ? 'committees:staff.download.excel' : 'committees:staff.download.csv')}
        </Button>
      ))}
    </Stack>
  );
}
