import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/form-errors.ts';
import { useOwnCommittees } from '../api/own-committees.ts';
import { committeeTree } from './committee-tree.ts';
import { useCommitteeLabels } from './labels.ts';
import { SubscriptionSwitch } from './subscription-switch.tsx';

/** The caller's subscriptions to the mailings of every active committee and group, switched on and off. */
export function OwnSubscriptions() {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const own = useOwnCommittees();
  // Each committee, then its groups indented beneath it; a line between committees.
  const rows = committeeTree(own.data ?? []).flatMap(({ committee, groups }) => [
    { c: committee, group: false },
    ...groups.map((g) => ({ c: g, group: true })),
  ]);
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t('committees:company.subscriptions.ownTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('committees:company.subscriptions.ownHint')}
      </Typography>
      {own.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {own.error ? <Alert severity="error">{errorMessage(own.error)}</Alert> : null}
      {own.data && rows.length === 0 ? <Typography color="text.secondary">{t('committees:company.list.none')}</Typography> : null}
      {rows.length > 0 ? (
        <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 1 }}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('committees:company.subscriptions.ownTitle')}>
            {rows.map(({ c, group }, i) => (
              <Stack
                key={c.id}
                component="li"
                direction="row"
                spacing={1}
                useFlexGap
                sx={{
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  flexWrap: 'wrap',
                  py: 1,
                  pl: group ? { xs: 2, sm: 4 } : 0,
                  borderTop: !group && i > 0 ? 1 : 0,
                  borderColor: 'divider',
                }}
              >
                <Typography sx={{ fontWeight: group ? 400 : 600 }}>{labels.name(c)}</Typography>
                <SubscriptionSwitch committeeId={c.id} name={labels.name(c)} subscribed={c.subscribed} />
              </Stack>
            ))}
          </Box>
        </Paper>
      ) : null}
    </Stack>
  );
}
