import { type Role, rolePath } from '@portal/shared';

/** Each role's home: voters land on the votings they may answer (issue 4). */
const HOMES: Record<Role, string> = { admin: 'index', staff: 'employees', employee: 'voting/list', trusted: 'voting/list', ceo: 'voting/list' };

/** Where `/` and a fresh login send each role. */
export function roleHome(role: Role): string {
  return rolePath(role, HOMES[role]);
}
