import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { type ApiPrefix, addMemberBody, type Member } from '@portal/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateTimeField } from '../../../components/date-time-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { useAddMember, useUpdateMember } from '../api/members.ts';
import type { PersonChoice } from '../api/people.ts';
import { notifyDone, notifyFailed } from './committee-toasts.ts';
import { personName } from './labels.ts';
import { today } from './membership-term.ts';
import { PersonPicker } from './person-picker.tsx';
import { FormPositionField } from './position-field.tsx';

/** A membership being changed: its id, the person, the term, and a line saying who they are (e-mail, company). */
export type MemberEdit = Pick<Member, 'id' | 'userId' | 'name' | 'surname' | 'position' | 'since' | 'until'> & { detail?: string };

interface MemberDialogProps {
  /** Staff (admin, aipm) add anyone; ceo and trusted their company's people, where the committee lets them. */
  prefix: ApiPrefix;
  committee: { id: number; name: string };
  member?: MemberEdit;
  onClose: () => void;
}

/** Adds a member to a committee or group (a person searched on the server) or changes a membership: position and term. */
export default function MemberDialog({ prefix, committee, member, onClose }: MemberDialogProps) {
  const { t } = useTranslation();
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
        notifyDone(action, { person: personName(saved), name: committee.name });
        onClose();
      },
      onError: (error: unknown) => {
        showFormError(error, setError, () => undefined);
        notifyFailed(action, error, { name: committee.name });
      },
    };
    if (member) update.mutate({ id: member.id, position: values.position, since: values.since, until: values.until }, callbacks);
    else add.mutate(values, callbacks);
  });
  return (
    <FormDialog
      title={
        member
          ? t('committees:member.editTitle', { person: personName(member), name: committee.name })
          : t('committees:member.addTitle', { name: committee.name })
      }
      submitLabel={member ? t('common:save') : t('committees:member.add')}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {member ? (
        <Typography sx={{ mt: 1 }}>{[personName(member), member.detail].filter(Boolean).join(' · ')}</Typography>
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
      <FormPositionField control={control} name="position" />
      <FormDateTimeField control={control} name="since" kind="date" label={t('committees:member.since')} required />
      <FormDateTimeField
        control={control}
        name="until"
        kind="date"
        label={t('committees:member.until')}
        helperText={t('committees:member.untilHint')}
      />
    </FormDialog>
  );
}
