import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { type Application, approveBody, COMPANY_ROLES } from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelectField } from '../../../components/form-select-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useApproveApplication } from '../api/approve-application.ts';
import type { StaffPrefix } from '../api/prefix.ts';
import type { CompanyOption } from './company-autocomplete.tsx';
import { CompanyField } from './company-field.tsx';
import { personName, useOrgLabels } from './labels.ts';
import { formCallbacks } from './notify.ts';

/** Approve a signup request into an existing company (the suggestion preselected) or a new one, with a role. */
export function ApproveDialog({ prefix, application, onClose }: { prefix: StaffPrefix; application: Application; onClose: () => void }) {
  const { t } = useTranslation();
  const labels = useOrgLabels();
  const approve = useApproveApplication(prefix);
  const [mode, setMode] = useState<'existing' | 'new'>(application.suggestedCompany ? 'existing' : 'new');
  const [company, setCompany] = useState<CompanyOption | null>(application.suggestedCompany);
  const { control, handleSubmit, setError, setValue, clearErrors } = useForm({
    resolver: zodResolver(approveBody),
    defaultValues: {
      id: application.id,
      companyId: mode === 'existing' ? (application.suggestedCompany?.id ?? '') : '',
      newCompanyName: mode === 'new' ? application.company : '',
      role: 'employee',
    },
  });
  const name = personName(application);
  const switchMode = (next: 'existing' | 'new') => {
    setMode(next);
    clearErrors();
    setValue('companyId', next === 'existing' ? (company?.id ?? '') : '');
    setValue('newCompanyName', next === 'new' ? application.company : '');
  };
  const submit = handleSubmit((values) =>
    approve.mutate(
      values,
      formCallbacks('approved', setError, onClose, () => ({ name })),
    ),
  );
  return (
    <FormDialog
      title={t('organisation:applications.approveTitle', { name })}
      submitLabel={t('organisation:applications.approve')}
      submitColor="success"
      pending={approve.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('organisation:applications.approveHint', { email: application.email })}
      </Typography>
      <RadioGroup
        aria-label={t('organisation:columns.company')}
        value={mode}
        onChange={(event) => switchMode(event.target.value as 'existing' | 'new')}
        sx={{ mt: 1 }}
      >
        <FormControlLabel value="existing" control={<Radio />} label={t('organisation:applications.existingCompany')} />
        <FormControlLabel value="new" control={<Radio />} label={t('organisation:applications.newCompany')} />
      </RadioGroup>
      {mode === 'existing' ? (
        <CompanyField
          control={control}
          name="companyId"
          value={company}
          hint={application.suggestedCompany ? t('organisation:applications.suggested', { name: application.suggestedCompany.name }) : undefined}
          onChange={setCompany}
        />
      ) : (
        <FormTextField control={control} name="newCompanyName" label={t('organisation:applications.newCompanyName')} />
      )}
      <FormSelectField
        control={control}
        name="role"
        label={t('organisation:columns.role')}
        options={COMPANY_ROLES.map((role) => ({ value: role, label: labels.role(role) }))}
      />
    </FormDialog>
  );
}
