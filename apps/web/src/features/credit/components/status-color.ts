import type { DistributorRequestStatus } from '@portal/shared/credit-model';
import type { ResponseStatus } from '@portal/shared/survey-model';

/** A submission's status chip colour, as the salary survey's dashboard shows a response's. */
export const STATUS_COLOR: Record<ResponseStatus, 'default' | 'success' | 'warning' | 'error' | 'primary' | 'info'> = {
  not_started: 'default',
  in_progress: 'info',
  submitted: 'primary',
  returned: 'warning',
  accepted: 'success',
  withdrawn: 'warning',
  excluded: 'error',
};

/** A distributor request's status chip colour. */
export const REQUEST_COLOR: Record<DistributorRequestStatus, 'info' | 'success' | 'default'> = { open: 'info', added: 'success', refused: 'default' };
