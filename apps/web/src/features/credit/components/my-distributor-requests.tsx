import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useMyDistributorRequests } from '../api/requests.ts';
import { REQUEST_COLOR } from './status-color.ts';

/** The company's requests for distributors and their answers (an added one can be chosen in the search above). */
export function MyDistributorRequests() {
  const { t, i18n } = useTranslation();
  const requests = useMyDistributorRequests();
  if (!requests.data?.length) return null;
  return (
    <Stack component="section" aria-labelledby="my-distributor-requests">
      <Typography id="my-distributor-requests" variant="subtitle1" component="h2">
        {t('creditData:requests.mine')}
      </Typography>
      <List dense disablePadding>
        {requests.data.map((r) => (
          <ListItem key={r.id} disableGutters sx={{ gap: 1 }}>
            <ListItemText
              primary={`${r.name} · ${t('creditData:requests.inn')} ${r.inn} · ${formatDate(r.createdAt)}`}
              secondary={
                r.distributor
                  ? t('creditData:requests.addedAs', { name: i18n.language === 'ru' ? r.distributor.nameRu : r.distributor.nameEn })
                  : r.reason
                    ? t('creditData:requests.refusedBecause', { reason: r.reason })
                    : null
              }
            />
            <Chip size="small" color={REQUEST_COLOR[r.status]} label={t(`creditData:requests.statuses.${r.status}`)} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
