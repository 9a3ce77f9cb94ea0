import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { companyPersonChoices } from '../api/company-representation.ts';
import type { ManagerPrefix } from '../api/company-side.ts';
import { useSendMembershipRequest } from '../api/membership-request.ts';
import { notifyDone, notifyFailed } from './company-notify.ts';
import { letterProblem } from './file-checks.ts';
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
  const [person, setPerson] = useState<Choice | null>(null);
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
          <Box sx={{ mt: 2, mb: 1 }}>
            <SearchAutocomplete
              label={t('committees:company.fields.person')}
              value={person}
              onChange={(next) => {
                setPerson(next);
                setErrors(({ userId: _, ...rest }) => rest);
              }}
              query={(search) => companyPersonChoices(forCompany, search)}
              noOptionsText={t('committees:company.request.noPeople')}
              error={Boolean(errors.userId)}
              helperText={errors.userId}
            />
          </Box>
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
