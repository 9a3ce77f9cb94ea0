import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Member } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { LongText } from '../../../components/long-text.tsx';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { useReaderPrefix } from '../api/company-side.ts';
import { useApprovedMemberships } from '../api/membership-requests.ts';
import { useCommitteeNames } from './committee-names.ts';
import { personName, useCommitteeLabels } from './labels.ts';

/**
 * The current and coming memberships: the caller's own, or their company's people's for ceo and trusted. Position and
 * term share a column, so the table fits a phone without scrolling sideways.
 */
export function ApprovedMemberships() {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useReaderPrefix();
  const memberships = useApprovedMemberships(prefix);
  const committeeName = useCommitteeNames();
  const columns: Column<Member>[] = [
    { key: 'committee', label: t('committees:company.columns.committee'), render: (m) => committeeName(m.committeeId) },
    ...(prefix === 'user'
      ? []
      : [
          {
            key: 'person',
            label: t('committees:company.columns.person'),
            render: (m: Member) => (
              <>
                <Typography variant="body2">{personName(m)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  <LongText text={m.email} />
                </Typography>
              </>
            ),
          },
        ]),
    {
      key: 'position',
      label: t('committees:company.columns.positionTerm'),
      render: (m) => (
        <>
          <Typography variant="body2">{labels.position(m.position)}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary">
              {labels.term(m.since, m.until)}
            </Typography>
            {m.current ? null : <Chip size="small" variant="outlined" label={t('committees:company.membership.coming')} />}
          </Stack>
        </>
      ),
    },
  ];
  const rows = memberships.data ?? [];
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t(prefix === 'user' ? 'committees:company.membership.ownTitle' : 'committees:company.membership.companyTitle')}
      </Typography>
      {memberships.error ? <Alert severity="error">{errorMessage(memberships.error)}</Alert> : null}
      <PagedTable
        label={t(prefix === 'user' ? 'committees:company.membership.ownTitle' : 'committees:company.membership.companyTitle')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={memberships.isFetching}
        state={initialTableState()}
        onStateChange={() => undefined}
        rowKey={(m) => m.id}
        emptyText={t(prefix === 'user' ? 'committees:company.membership.noneOwn' : 'committees:company.membership.noneCompany')}
        noPaging
      />
    </Stack>
  );
}
