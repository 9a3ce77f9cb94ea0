import Box from '@mui/material/Box';
import type { CompanyCommittee } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormGrid } from '../../../components/form-grid.tsx';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { companyPersonChoices, useSaveMember } from '../api/company-representation.ts';
import type { ManagerPrefix } from '../api/company-side.ts';
import { personName } from './company-labels.ts';
import { notifyDone, notifyFailed } from './company-notify.ts';
import { today } from './membership-term.ts';
import { PositionField } from './position-field.tsx';

export type CompanyMember = CompanyCommittee['members'][number];

interface CompanyMemberDialogProps {
  prefix: ManagerPrefix;
  committee: { id: number; name: string };
  /** The member to change, or undefined to add one of the company's people. */
  member?: CompanyMember;
  onClose: () => void;
}

/**
 * Adds one of the company's people to a committee or group, or changes a member's position and term, where the
 * committee lets companies manage their members. Loaded only when opened: it brings the date pickers.
 */
export default function CompanyMemberDialog({ prefix, committee, member, onClose }: CompanyMemberDialogProps) {
  const { t } = useTranslation();
  const save = useSaveMember(prefix);
  const [person, setPerson] = useState<Choice | null>(null);
  const [term, setTerm] = useState({
    position: member?.position ?? 'member',
    since: member?.since.slice(0, 10) ?? today(),
    until: member?.until ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = member ? 'memberUpdated' : 'memberAdded';

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!member && !person) return setErrors({ userId: translateMessage('committees.validation.notCompanyPerson') });
    setErrors({});
    const change = member ? { memberId: member.memberId, ...term } : { committeeId: committee.id, userId: person?.id ?? 0, ...term };
    save.mutate(change, {
      onSuccess: (saved) => {
        notifyDone(action, { person: personName(saved), name: committee.name });
        onClose();
      },
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.fields : {});
        notifyFailed(action, error, { name: committee.name });
      },
    });
  };
  const setDay = (key: 'since' | 'until') => (value: string) => setTerm((s) => ({ ...s, [key]: value }));

  return (
    <FormDialog
      title={t(member ? 'committees:company.member.editTitle' : 'committees:company.member.addTitle', {
        name: committee.name,
        person: member ? personName(member) : '',
      })}
      submitLabel={member ? t('common:save') : t('committees:company.member.add')}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {member ? null : (
        <Box sx={{ mt: 2, mb: 1 }}>
          <SearchAutocomplete
            label={t('committees:company.fields.person')}
            value={person}
            onChange={setPerson}
            query={(search) => companyPersonChoices(prefix, search)}
            noOptionsText={t('committees:company.request.noPeople')}
            error={Boolean(errors.userId)}
            helperText={errors.userId}
          />
        </Box>
      )}
      <PositionField value={term.position} error={errors.position} onChange={(position) => setTerm((s) => ({ ...s, position }))} />
      <FormGrid from="sm">
        <DateTimeField
          kind="date"
          label={t('committees:company.fields.since')}
          value={term.since}
          onChange={setDay('since')}
          required
          error={Boolean(errors.since)}
          helperText={errors.since}
          fullWidth
          margin="normal"
        />
        <DateTimeField
          kind="date"
          label={t('committees:company.fields.until')}
          value={term.until}
          onChange={setDay('until')}
          error={Boolean(errors.until)}
          helperText={errors.until ?? t('committees:company.member.untilHint')}
          fullWidth
          margin="normal"
        />
      </FormGrid>
    </FormDialog>
  );
}
