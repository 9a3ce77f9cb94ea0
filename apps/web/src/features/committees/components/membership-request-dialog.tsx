import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import type { ManagerPrefix } from '../api/company-side.ts';
import { useSendMembershipRequest } from '../api/membership-request.ts';
import type { PersonChoice } from '../api/people.ts';
import { notifyDone, notifyFailed } from './company-notify.ts';
import { letterProblem } from './file-checks.ts';
import { PersonPicker } from './person-picker.tsx';
import { PositionField } from './position-field.tsx';

interface MembershipRequestDialogProps {
  committee: { id: number; name: string };
  /** ceo and trusted asking for one of their company's people (chosen here, with a position); absent for the caller's own request. */
  forCompany?: ManagerPrefix;
  onClose: () => void;
}

/**
 * A membership request: a note and an optional nomination letter (a PDF of at most 10 MB, checked here and by its
 * content on the server), and for a company's request the person and the position asked for. Loaded only when
 * opened: it brings the person picker.
 */
export default function MembershipRequestDialog({ committee, forCompany, onClose }: MembershipRequestDialogProps) {
  const { t } = useTranslation();
  const send = useSendMembershipRequest();
  const [person, setPerson] = useState<PersonChoice | null>(null);
  const [position, setPosition] = useState('member');
  const [note, setNote] = useState('');
  const [letter, setLetter] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = forCompany ? 'requestedFor' : 'requested';

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forCompany && !person) return setErrors({ userId: translateMessage('committees.validation.notCompanyPerson') });
    setErrors({});
    setProgress(0);
    const forPerson = forCompany && person ? { prefix: forCompany, userId: person.id, position } : undefined;
    send.mutate(
      { committeeId: committee.id, note, letter, onProgress: setProgress, forPerson },
      {
        onSuccess: (request) => {
          notifyDone(action, { name: committee.name, person: `${request.person.name} ${request.person.surname}` });
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          setErrors(error instanceof ApiError ? error.fields : {});
          notifyFailed(action, error, { name: committee.name });
        },
      },
    );
  };

  const chooseLetter = (file: File | null) => {
    const problem = file ? letterProblem(file) : undefined;
    setLetter(problem ? null : file);
    setErrors(({ letter: _, ...rest }) => (problem ? { ...rest, letter: translateMessage(problem) } : rest));
  };

  return (
    <FormDialog
      title={t(forCompany ? 'committees:company.request.titleFor' : 'committees:company.request.title', { name: committee.name })}
      submitLabel={t('committees:company.request.send')}
      pending={send.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {forCompany ? (
        <>
          <PersonPicker
            prefix={forCompany}
            value={person}
            onChange={(next) => {
              setPerson(next);
              setErrors(({ userId: _, ...rest }) => rest);
            }}
            error={errors.userId}
          />
          <PositionField value={position} error={errors.position} onChange={setPosition} />
        </>
      ) : null}
      <TextField
        label={t('committees:company.fields.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={Boolean(errors.note)}
        helperText={errors.note ?? t(forCompany ? 'committees:company.request.noteHintFor' : 'committees:company.request.noteHint')}
        disabled={send.isPending}
        multiline
        minRows={3}
        fullWidth
        margin="normal"
      />
      <Box sx={{ mt: 1 }}>
        <FilePicker
          label={t('committees:company.fields.letter')}
          buttonLabel={t('committees:company.request.chooseLetter')}
          accept=".pdf,application/pdf"
          file={letter}
          error={errors.letter}
          emptyText={t('committees:company.request.letterHint')}
          disabled={send.isPending}
          onChange={chooseLetter}
        />
      </Box>
      {progress !== null && letter ? (
        <Box sx={{ mt: 2 }}>
          <UploadProgress fraction={progress} />
        </Box>
      ) : null}
    </FormDialog>
  );
}
