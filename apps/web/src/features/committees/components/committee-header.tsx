import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CommitteeAdmin } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { ActiveChip } from './active-chip.tsx';
import { useCommitteeLabels } from './labels.ts';

/** The head of a committee's or group's page: the way back, what it is (a group names its committee), its name, state, counts and details. */
export function CommitteeHeader({ committee, parent, base }: { committee: CommitteeAdmin; parent?: CommitteeAdmin; base: string }) {
  const { t, i18n } = useTranslation();
  const labels = useCommitteeLabels();
  const details = i18n.language === 'ru' ? committee.detailsRu : committee.detailsEn;
  const counts = [
    ...(committee.parentId === null ? [[t('committees:logField.groups'), committee.groups] as const] : []),
    [t('committees:logField.members'), committee.members] as const,
    [t('committees:logField.subscribers'), committee.subscribers] as const,
    [t('committees:staff.list.openRequests'), committee.openRequests] as const,
  ];
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button size="small" startIcon={<ArrowBackOutlined />} component={RouterLink} to={`${base}/cwg/committees`}>
        {t('committees:staff.back')}
      </Button>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {parent ? t('committees:staff.groupOf', { committee: labels.name(parent) }) : t('committees:staff.kind.committee')}
      </Typography>
      <PageHeading>{labels.name(committee)}</PageHeading>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ActiveChip active={committee.active} />
        {counts.map(([label, n]) => (
          <Typography key={label} variant="body2" color="text.secondary">
            {label}: {formatNumber(n)}
          </Typography>
        ))}
      </Stack>
      {details ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', maxWidth: '70ch' }}>
          {details}
        </Typography>
      ) : null}
    </Stack>
  );
}
