import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { codexBlocks, isAssociationRole } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { downloadCodexPdf, openCodexPdf, useCodex, useUploadCodexPdf } from '../api/codex.ts';
import { CodexDialog } from './codex-dialog.tsx';
import { notifyFailed } from './notify.ts';
import { PdfPublisher } from './pdf-publisher.tsx';

/** The code of practice as a page in the reader's language, with its PDF; staff edit the text and publish the PDF. */
export function CodexView() {
  const { t, i18n } = useTranslation();
  const role = useCurrentUser()?.role;
  const isStaff = role !== undefined && isAssociationRole(role);
  const codex = useCodex();
  const upload = useUploadCodexPdf(useStaffPrefix());
  const [editing, setEditing] = useState(false);
  if (codex.isLoading) return <LinearProgress aria-label={t('common:loading')} />;
  if (codex.error || !codex.data) return <Alert severity="error">{errorMessage(codex.error)}</Alert>;
  const data = codex.data;
  const blocks = codexBlocks(i18n.language === 'ru' ? data.textRu : data.textEn);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        {data.updatedAt ? (
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            {t('content:codex.updated', { date: formatDate(data.updatedAt) })}
          </Typography>
        ) : null}
        {data.pdf ? (
          <>
            <Button
              variant="outlined"
              startIcon={<OpenInNewOutlined />}
              onClick={() => void openCodexPdf().catch((e: unknown) => notifyFailed('codexOpened', e))}
            >
              {t('content:codex.openPdf')}
            </Button>
            <Button startIcon={<DownloadOutlined />} onClick={() => void downloadCodexPdf().catch((e: unknown) => notifyFailed('codexOpened', e))}>
              {t('content:codex.downloadPdf')}
            </Button>
          </>
        ) : null}
        {isStaff ? (
          <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('content:codex.edit')}
          </Button>
        ) : null}
      </Stack>
      <Paper variant="outlined" component="article" sx={{ p: { xs: 2, sm: 4 } }}>
        {blocks.length === 0 ? <Typography color="text.secondary">{t('content:codex.none')}</Typography> : null}
        {blocks.map((block, i) =>
          block.kind === 'heading' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
            <Typography key={i} variant="h6" component="h2" sx={{ fontWeight: 600, mt: i ? 3 : 0, mb: 1 }}>
              {block.text}
            </Typography>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <Typography key={i} sx={{ whiteSpace: 'pre-line', mb: 1.5 }}>
              {block.text}
            </Typography>
          ),
        )}
      </Paper>
      {isStaff ? (
        <PdfPublisher
          label={t(data.pdf ? 'content:codex.replacePdf' : 'content:codex.uploadPdf')}
          currentName={data.pdf?.fileName}
          upload={upload}
          action="codexPdf"
        />
      ) : null}
      {editing ? <CodexDialog codex={data} onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
