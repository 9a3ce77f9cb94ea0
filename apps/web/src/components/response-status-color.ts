import type { ResponseStatus } from '@portal/shared/survey-model';

/** A survey response's or a credit submission's status chip colour (the two share the statuses). */
export const RESPONSE_STATUS_COLOR: Record<ResponseStatus, 'default' | 'success' | 'warning' | 'error' | 'primary' | 'info'> = {
  not_started: 'default',
  in_progress: 'info',
  submitted: 'primary',
  returned: 'warning',
  accepted: 'success',
  withdrawn: 'warning',
  excluded: 'error',
};
