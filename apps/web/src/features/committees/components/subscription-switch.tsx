import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useSetSubscribed } from '../api/own-committees.ts';
import { toastCallbacks } from './company-notify.ts';

/** The caller's subscription to a committee's or group's mailings, switched on and off at once. */
export function SubscriptionSwitch({ committeeId, name, subscribed }: { committeeId: number; name: string; subscribed: boolean }) {
  const { t } = useTranslation();
  const set = useSetSubscribed();
  const toggle = (next: boolean) => set.mutate({ committeeId, subscribed: next }, toastCallbacks(next ? 'subscribed' : 'unsubscribed', { name }));
  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      label={t('committees:company.subscription.label')}
      control={
        <Switch
          // While the change is on its way the switch shows what was asked for.
          checked={set.isPending ? Boolean(set.variables?.subscribed) : subscribed}
          disabled={set.isPending}
          onChange={(event) => toggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('committees:company.subscription.named', { name }) } }}
        />
      }
    />
  );
}
