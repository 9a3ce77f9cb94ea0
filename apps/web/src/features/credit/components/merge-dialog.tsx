import Typography from '@mui/material/Typography';
import { credit, type Distributor } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorMessage } from '../../../components/form-errors.ts';
import { type Choice, SearchAutocomplete } from '../../../components/search-autocomplete.tsx';
import { callEndpoint } from '../../../lib/api-client.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { toast } from '../../../lib/toasts.ts';
import { useMergeDistributors } from '../api/distributors.ts';
import { CREDIT_KEY } from '../api/keys.ts';

/** Merges a duplicate into the distributor that stays, chosen from the active ones searched on the server. */
export function MergeDialog({ duplicate, onClose }: { duplicate: Distributor; onClose: () => void }) {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const merge = useMergeDistributors();
  const [survivor, setSurvivor] = useState<Choice | null>(null);
  const [error, setError] = useState<string>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!survivor) {
      setError(t('validation:required'));
      return;
    }
    merge.mutate(
      { duplicateId: duplicate.id, survivorId: survivor.id },
      {
        onSuccess: (result) => {
          toast.success(t('creditData:distributors.merged', { count: result.movedEntries }));
          onClose();
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };
  return (
    <FormDialog
      title={t('creditData:distributors.mergeTitle', { name: duplicate.nameRu })}
      submitLabel={t('creditData:distributors.mergeConfirm')}
      submitColor="error"
      pending={merge.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography sx={{ mb: 1 }}>{t('creditData:distributors.mergeIntro', { name: duplicate.nameRu, count: duplicate.entries })}</Typography>
      <SearchAutocomplete
        label={t('creditData:distributors.survivor')}
        value={survivor}
        onChange={(next) => {
          setSurvivor(next);
          setError(undefined);
        }}
        margin="normal"
        error={Boolean(error)}
        helperText={error}
        noOptionsText={t('creditData:distributors.empty')}
        query={(search) => ({
          queryKey: [...CREDIT_KEY, 'survivors', prefix, search],
          queryFn: async ({ signal }) => {
            const page = await callEndpoint(credit.distributors[prefix], { query: { search, status: 'active', pageSize: 20 }, signal });
            return page.rows.filter((d) => d.id !== duplicate.id).map((d) => ({ id: d.id, name: `${d.nameRu} · ${d.inn}` }));
          },
        })}
      />
    </FormDialog>
  );
}
