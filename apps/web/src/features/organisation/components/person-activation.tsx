import Typography from '@mui/material/Typography';
import type { Person } from '@portal/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { personName } from './labels.ts';
import { toastCallbacks } from './notify.ts';

type ToggleCall = Pick<UseMutationResult<unknown, Error, { id: number; isActive: boolean }>, 'mutate' | 'isPending'>;

/** Switching a person on (at once) or off (after asking), with the toasts; `toggle` is the list's own call (company people or association staff). */
export function usePersonActivation(toggle: ToggleCall) {
  const { t } = useTranslation();
  const [deactivating, setDeactivating] = useState<Person | null>(null);
  const setActive = (person: Person, next: boolean) =>
    toggle.mutate(
      { id: person.id, isActive: next },
      toastCallbacks(next ? 'userActivated' : 'userDeactivated', { name: personName(person) }, () => setDeactivating(null)),
    );
  return {
    /** Switches the person on, or asks before switching them off. */
    request: (person: Person) => (person.isActive ? setDeactivating(person) : setActive(person, true)),
    /** The question before switching off; render it once beside the list. */
    dialog: (
      <ConfirmDialog
        open={Boolean(deactivating)}
        title={t('organisation:people.deactivateTitle', { name: deactivating ? personName(deactivating) : '' })}
        confirmLabel={t('organisation:deactivate')}
        danger
        pending={toggle.isPending}
        onConfirm={() => deactivating && setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      >
        <Typography>{t('organisation:people.deactivateText')}</Typography>
      </ConfirmDialog>
    ),
  };
}
