/**
 * The query key of the staff's dashboard counts (the organisation feature reads them; the navigation shows them).
 * A feature that changes what it counts (the committees' log, membership requests) refreshes it under this key.
 */
export const DASHBOARD_KEY = ['organisation', 'dashboard'] as const;
