import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { addMemberBody, type CommitteeAdmin, type Member } from '@portal/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateTimeField } from '../../../components/date-time-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { useStaffPrefix } from '../api/keys.ts';
import { useAddMember, useUpdateMember } from '../api/members.ts';
import type { PersonChoice } from '../api/people.ts';
import { personName, today, useCommitteeLabels } from './labels.ts';
import { MemberPositionField } from './member-position-field.tsx';
import { PersonPicker } from './person-picker.tsx';
import { notifyDone, notifyFailed } from './staff-toasts.ts';

/** Adds a member to a committee or group (a person searched on the server) or edits a membership: position and term. */
export function MemberDialog({ committee, member, onClose }: { committee: CommitteeAdmin; member?: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useCommitteeLabels();
  const prefix = useStaffPrefix();
  const add = useAddMember(prefix);
  const update = useUpdateMember(prefix);
  const [person, setPerson] = useState<PersonChoice | null>(null);
  // The add call's schema checks both forms: an edit keeps its person, and its term has the same rules.
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(addMemberBody),
    values: {
      committeeId: committee.id,
      userId: member?.userId ?? '',
      position: member?.position ?? 'member',
      since: member?.since ?? today(),
      until: member?.until ?? '',
    },
  });
  const action = member ? 'memberUpdated' : 'memberAdded';
  const submit = handleSubmit((values) => {
    const callbacks = {
      onSuccess: (saved: Member) => {
        notifyDone(action, { name: personName(saved) });
        onClose();
      },
      onError: (error: unknown) => {
        showFormError(error, setError, () => undefined);
        notifyFailed(action, error);
      },
    };
    if (member) update.mutate({ id: member.id, position: values.position, since: values.since, until: values.until }, callbacks);
    else add.mutate(values, callbacks);
  });
  return (
    <FormDialog
      title={
        member
          ? t('committees:staff.members.editTitle', { name: personName(member) })
          : t('committees:staff.members.addTitle', { name: labels.name(committee) })
      }
      submitLabel={member ? t('common:save') : t('committees:staff.members.add')}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {member ? (
        <Typography sx={{ mt: 1 }}>
          {personName(member)} · {member.email} · {member.company.name}
        </Typography>
      ) : (
        <Controller
          control={control}
          name="userId"
          render={({ field, fieldState }) => (
            <PersonPicker
              prefix={prefix}
              value={person}
              onChange={(next) => {
                setPerson(next);
                field.onChange(next?.id ?? '');
              }}
              error={fieldState.error ? t('validation:required') : undefined}
            />
          )}
        />
      )}
      <MemberPositionField control={control} name="position" />
      <FormDateTimeField control={control} name="since" kind="date" label={t('committees:staff.members.since')} required />
      <FormDateTimeField
        control={control}
        name="until"
        kind="date"
        label={t('committees:staff.members.until')}
        helperText={t('committees:staff.members.untilHint')}
      />
    </FormDialog>
  );
}
