import type { DistributorRequestStatus } from '@portal/shared/credit-model';
/** A distributor request's status chip colour. */
export const REQUEST_COLOR: Record<DistributorRequestStatus, 'info' | 'success' | 'default'> = { open: 'info', added: 'success', refused: 'default' };
