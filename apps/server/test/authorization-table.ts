import type { Role } from '@portal/shared';

export type Caller = 'guest' | Role;
export const CALLERS: Caller[] = ['guest', 'employee', 'trusted', 'ceo', 'staff', 'admin'];

const ALL: Role[] = ['employee', 'trusted', 'ceo', 'staff', 'admin'];

/**
 * Who may call every API route, written independently of the contracts: each row names the callers
 * admitted and the status an admitted caller gets for the request below (an empty one unless given).
 * Everyone else gets 401 (guest) or 403 (a role not admitted). A route without a row fails the test;
 * later issues add rows here.
 */
export interface Row {
  admitted: 'everyone' | Role[];
  status: number;
  /** A request that gets past validation, when the empty one would not. */
  query?: string;
  form?: Record<string, string>;
  json?: unknown;
}

export const AUTHORIZATION_TABLE: Record<string, Row> = {
  'GET /health': { admitted: 'everyone', status: 200 },
  'POST /login': { admitted: 'everyone', status: 400 },
  'POST /logout': { admitted: ALL, status: 204 },
  'GET /user': { admitted: ALL, status: 200 },
  'POST /signup': { admitted: 'everyone', status: 400 },
  'GET /sendRestorePasswordEmail': { admitted: 'everyone', status: 202, query: 'email=nobody@demo.test' },
  'GET /user/sendRestorePasswordEmail': { admitted: ALL, status: 202 },
  'GET /getUserByRegistrationCode': { admitted: 'everyone', status: 400, query: 'registrationCode=forged' },
  'POST /setPasswordByCode': { admitted: 'everyone', status: 400 },
  'POST /changePassword': { admitted: ALL, status: 400 },
  'POST /update': { admitted: ALL, status: 400 },
  'POST /user/setLocale': { admitted: ALL, status: 204, json: { locale: 'en' } },
  'GET /user/salary/getRegions': { admitted: ALL, status: 200 },
  'GET /user/salary/getJobGroups': { admitted: ALL, status: 200 },
};
