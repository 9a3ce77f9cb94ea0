import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DistributorGroup, distributorGroupBody } from '@portal/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { showFormError } from '../../../components/form-errors.ts';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { toast } from '../../../lib/toasts.ts';
import { useDistributorGroups, useSaveDistributorGroup } from '../api/groups.ts';

type Values = { nameRu: string; nameEn: string };

function GroupDialog({ group, onClose }: { group?: DistributorGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDistributorGroup();
  const { control, handleSubmit, setError } = useForm<Values>({ values: { nameRu: group?.nameRu ?? '', nameEn: group?.nameEn ?? '' } });
  const submit = handleSubmit((values) => {
    const checked = distributorGroupBody.safeParse(values);
    if (!checked.success) {
      for (const issue of checked.error.issues) setError(issue.path.join('.') as FieldPath<Values>, { type: 'schema', message: issue.message });
      return;
    }
    save.mutate(
      { group, ...checked.data },
      {
        onSuccess: () => {
          toast.success(t(group ? 'creditData:distributors.groupUpdated' : 'creditData:distributors.groupCreated'));
          onClose();
        },
        onError: (error) => showFormError(error, setError),
      },
    );
  });
  return (
    <FormDialog
      title={group ? `${t('creditData:distributors.rename')} ${group.nameRu}` : t('creditData:distributors.newGroup')}
      submitLabel={t('creditData:distributors.save')}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField control={control} name="nameRu" label={t('creditData:distributors.nameRu')} required autoFocus />
      <FormTextField control={control} name="nameEn" label={t('creditData:distributors.nameEn')} required />
    </FormDialog>
  );
}

/** Holdings: a simple list with the number of distributors each holds; add and rename. */
export function GroupsPanel() {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const groups = useDistributorGroups(prefix);
  const [editing, setEditing] = useState<DistributorGroup | 'new' | null>(null);
  return (
    <Stack component="section" aria-labelledby="groups-heading" spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography id="groups-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('creditData:distributors.groups')}
        </Typography>
        <Button onClick={() => setEditing('new')}>{t('creditData:distributors.newGroup')}</Button>
      </Stack>
      <Typography color="text.secondary">{t('creditData:distributors.groupsIntro')}</Typography>
      <List dense aria-labelledby="groups-heading">
        {(groups.data ?? []).map((g) => (
          <ListItem
            key={g.id}
            secondaryAction={
              <RowActions
                actions={[
                  {
                    label: `${t('creditData:distributors.rename')} ${g.nameRu}`,
                    icon: <EditOutlined fontSize="small" />,
                    onClick: () => setEditing(g),
                  },
                ]}
              />
            }
          >
            <ListItemText primary={`${g.nameRu} · ${g.nameEn}`} secondary={`${t('creditData:distributors.distributorCount')}: ${g.distributors}`} />
          </ListItem>
        ))}
      </List>
      {editing ? <GroupDialog group={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
