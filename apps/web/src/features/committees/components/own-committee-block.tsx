import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyCommittee, OwnCommittee } from '@portal/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyRepresentation, type RepresentationActions } from './company-representation.tsx';
import { useCommitteeLabels } from './labels.ts';
import { RequestStatusChip } from './request-status-chip.tsx';
import { SubscriptionSwitch } from './subscription-switch.tsx';

interface OwnCommitteeBlockProps {
  committee: OwnCommittee;
  /** A committee is a section's heading (h2), a group beneath it one level down. */
  level: 2 | 3;
  onRequest: () => void;
  /** The caller's company in it, for ceo and trusted. */
  company?: CompanyCommittee;
  companyActions?: RepresentationActions;
}

/** One committee or working group as a company person sees it: details, their membership or request, their subscription. */
export function OwnCommitteeBlock({ committee, level, onRequest, company, companyActions }: OwnCommitteeBlockProps) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const name = labels.name(committee);
  const details = labels.details(committee);
  const { membership, request } = committee;
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant={level === 2 ? 'h6' : 'subtitle1'} component={level === 2 ? 'h2' : 'h3'} id={headingId} sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <SubscriptionSwitch committeeId={committee.id} name={name} subscribed={committee.subscribed} />
      </Stack>
      {details ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {details}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {membership ? (
          <Chip
            size="small"
            color="success"
            label={t('committees:company.own.member', {
              position: labels.position(membership.position),
              term: labels.term(membership.since, membership.until),
            })}
          />
        ) : null}
        {request ? <RequestStatusChip status={request.status} label={(status) => t('committees:company.own.request', { status })} /> : null}
        {membership || request ? null : (
          <Button size="small" variant="contained" onClick={onRequest}>
            {t('committees:company.own.requestButton')}
          </Button>
        )}
      </Stack>
      {company && companyActions ? (
        <Box>
          <CompanyRepresentation committee={company} actions={companyActions} />
        </Box>
      ) : null}
    </Stack>
  );
}
