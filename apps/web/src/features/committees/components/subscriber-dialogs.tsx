import type { CommitteeAdmin } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useStaffPrefix } from '../api/keys.ts';
import type { PersonChoice } from '../api/people.ts';
import { useAddSubscriber } from '../api/subscribers.ts';
import { useCommitteeLabels } from './labels.ts';
import { PersonPicker } from './person-picker.tsx';
import { toastCallbacks } from './staff-toasts.ts';

/** Subscribes one person, searched on the server, to a committee's or group's mailings. */
export function AddSubscriberDialog({ committee, onClose }: { committee: CommitteeAdmin; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const add = useAddSubscriber(prefix);
  const [person, setPerson] = useState<PersonChoice | null>(null);
  const [touched, setTouched] = useState(false);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!person) return;
    add.mutate({ committeeId: committee.id, userId: person.id }, toastCallbacks('subscriberAdded', { name: person.fullName }, onClose));
  };
  return (
    <FormDialog
      title={t('committees:staff.subscribers.addTitle', { name: labels.name(committee) })}
      submitLabel={t('committees:staff.subscribers.addSubmit')}
      pending={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <PersonPicker prefix={prefix} value={person} onChange={setPerson} error={touched && !person ? t('validation:required') : undefined} />
    </FormDialog>
  );
}
