import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyCommittee } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Column, initialTableState, PagedTable } from '../../../components/paged-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useCompanyCommittees } from '../api/company-representation.ts';
import type { ManagerPrefix } from '../api/company-side.ts';
import { committeesInOrder } from './committee-tree.ts';
import { personName, useCommitteeLabels } from './labels.ts';

// The upload and its preview table load when a list is first set, not with the page.
const SubscribersListDialog = lazy(() => import('./subscribers-list-dialog.tsx'));

/** The company's subscribers of each committee and group (ceo and trusted), each list set from a file or typed e-mails. */
export function CompanySubscribers({ prefix }: { prefix: ManagerPrefix }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const company = useCompanyCommittees(prefix);
  const [setting, setSetting] = useState<CompanyCommittee | null>(null);
  // Committees, each followed by its groups.
  const rows = committeesInOrder(company.data ?? []);
  const columns: Column<CompanyCommittee>[] = [
    {
      key: 'committee',
      label: t('committees:company.columns.committee'),
      render: (c) => (
        <Typography variant="body2" sx={{ fontWeight: c.parentId === null ? 600 : 400, pl: c.parentId === null ? 0 : 2 }}>
          {labels.name(c)}
        </Typography>
      ),
    },
    {
      key: 'subscribers',
      label: t('committees:company.columns.subscribers'),
      render: (c) =>
        c.subscribers.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('committees:company.subscriptions.noCompanySubscribers')}
          </Typography>
        ) : (
          c.subscribers.map(personName).join(', ')
        ),
    },
    {
      key: 'actions',
      label: t('committees:company.columns.actions'),
      align: 'right',
      render: (c) => (
        <RowActions
          actions={[
            {
              label: t('committees:company.subscribersSetNamed', { name: labels.name(c) }),
              icon: <ForwardToInboxOutlined fontSize="small" />,
              onClick: () => setSetting(c),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t('committees:company.subscriptions.companyTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('committees:company.subscriptions.companyHint')}
      </Typography>
      {company.error ? <Alert severity="error">{errorMessage(company.error)}</Alert> : null}
      <PagedTable
        label={t('committees:company.subscriptions.companyTitle')}
        columns={columns}
        rows={rows}
        total={rows.length}
        loading={company.isFetching}
        state={initialTableState()}
        onStateChange={() => undefined}
        rowKey={(c) => c.id}
        emptyText={t('committees:company.list.none')}
        noPaging
      />
      {setting ? (
        <Suspense fallback={<LinearProgress aria-label={t('common:loading')} />}>
          <SubscribersListDialog
            prefix={prefix}
            committee={{ id: setting.id, name: labels.name(setting), isGroup: setting.parentId !== null }}
            present={setting.subscribers.map((s) => s.email)}
            onClose={() => setSetting(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
