import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HelpItem } from '@portal/shared';
import { isAssociationRole } from '@portal/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { RowActions } from '../../../components/row-actions.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatFileSize } from '../../../lib/file-size.ts';
import { formatDate } from '../../../lib/format.ts';
import { downloadGuide, openGuide, useDeleteHelpItem, useHelpPage, useMoveHelpItem, useUploadGuide } from '../api/help.ts';
import { HelpItemDialog } from './help-item-dialog.tsx';
import { notifyFailed, toastCallbacks } from './notify.ts';
import { PdfPublisher } from './pdf-publisher.tsx';

function Section({ title, children, tools }: { title: string; children: ReactNode; tools?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {tools}
      </Stack>
      {children}
    </Paper>
  );
}

/** The help page: questions and answers in the reader's language, the user instruction and the contacts; staff keep them. */
export function HelpView() {
  const { t, i18n } = useTranslation();
  const role = useCurrentUser()?.role;
  const isStaff = role !== undefined && isAssociationRole(role);
  const prefix = useStaffPrefix();
  const help = useHelpPage();
  const move = useMoveHelpItem(prefix);
  const remove = useDeleteHelpItem(prefix);
  const upload = useUploadGuide(prefix);
  const [editing, setEditing] = useState<HelpItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<HelpItem | null>(null);
  const ru = i18n.language === 'ru';
  const questionOf = (item: HelpItem) => (ru ? item.questionRu : item.questionEn);

  if (help.isLoading) return <LinearProgress aria-label={t('common:loading')} />;
  if (help.error) return <Alert severity="error">{errorMessage(help.error)}</Alert>;
  const { items, guide, contacts } = help.data ?? { items: [], guide: null, contacts: [] };

  return (
    <Stack spacing={3}>
      <Section
        title={t('content:help.questions')}
        tools={
          isStaff ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
              {t('content:help.add')}
            </Button>
          ) : null
        }
      >
        {items.length === 0 ? <Typography color="text.secondary">{t('content:help.none')}</Typography> : null}
        {items.map((item, index) => (
          <Accordion key={item.id} disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
              <Typography sx={{ fontWeight: 500 }}>{questionOf(item)}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{ru ? item.answerRu : item.answerEn}</Typography>
              {isStaff ? (
                <RowActions
                  actions={[
                    {
                      label: t('content:help.edit', { question: questionOf(item) }),
                      icon: <EditOutlined fontSize="small" />,
                      onClick: () => setEditing(item),
                    },
                    {
                      label: t('content:help.up', { question: questionOf(item) }),
                      icon: <ArrowUpwardOutlined fontSize="small" />,
                      onClick: () => move.mutate({ id: item.id, direction: 'up' }, toastCallbacks('helpMoved')),
                      hidden: index === 0,
                    },
                    {
                      label: t('content:help.down', { question: questionOf(item) }),
                      icon: <ArrowDownwardOutlined fontSize="small" />,
                      onClick: () => move.mutate({ id: item.id, direction: 'down' }, toastCallbacks('helpMoved')),
                      hidden: index === items.length - 1,
                    },
                    {
                      label: t('content:help.delete', { question: questionOf(item) }),
                      icon: <DeleteOutlined fontSize="small" />,
                      color: 'error',
                      onClick: () => setDeleting(item),
                    },
                  ]}
                />
              ) : null}
            </AccordionDetails>
          </Accordion>
        ))}
      </Section>

      <Section title={t('content:help.guide')}>
        <Stack spacing={2}>
          {guide ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Typography sx={{ flexGrow: 1 }}>
                {guide.fileName} · {formatFileSize(guide.size)} · {formatDate(guide.uploadedAt)}
              </Typography>
              <Button
                variant="contained"
                startIcon={<OpenInNewOutlined />}
                onClick={() => void openGuide().catch((error: unknown) => notifyFailed('guideOpened', error))}
              >
                {t('content:help.openGuide')}
              </Button>
              <Button
                startIcon={<DownloadOutlined />}
                onClick={() => void downloadGuide().catch((error: unknown) => notifyFailed('guideOpened', error))}
              >
                {t('content:help.downloadGuide')}
              </Button>
            </Stack>
          ) : (
            <Typography color="text.secondary">{t('content:help.guideNone')}</Typography>
          )}
          {isStaff ? (
            <PdfPublisher
              label={t(guide ? 'content:help.replaceGuide' : 'content:help.uploadGuide')}
              currentName={guide?.fileName}
              upload={upload}
              action="guideUploaded"
            />
          ) : null}
        </Stack>
      </Section>

      <Section title={t('content:help.contacts')}>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {contacts.map((c) => (
            <li key={c.email}>
              <Typography sx={{ fontWeight: 500 }}>
                {c.name} {c.surname}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {c.position}
              </Typography>
              <Typography variant="body2">
                <Link href={`mailto:${c.email}`}>{c.email}</Link> · <Link href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</Link>
              </Typography>
            </li>
          ))}
        </Stack>
      </Section>

      {editing ? <HelpItemDialog item={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('content:help.deleteTitle')}
        confirmLabel={t('content:help.deleteConfirm')}
        danger
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            deleting.id,
            toastCallbacks('helpDeleted', {}, () => setDeleting(null)),
          )
        }
        onClose={() => setDeleting(null)}
      >
        {t('content:help.deleteText', { question: deleting ? questionOf(deleting) : '' })}
      </ConfirmDialog>
    </Stack>
  );
}
