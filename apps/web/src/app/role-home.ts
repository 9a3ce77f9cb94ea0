import { type Role, rolePath } from '@portal/shared';

/** Each role's home: members land on their home page of cards (issue 9), the association on its work. */
const HOMES: Record<Role, string> = { admin: 'index', staff: 'employees', employee: 'home', trusted: 'home', ceo: 'home' };

/** Where `/` and a fresh login send each role. */
export function roleHome(role: Role): string {
  return rolePath(role, HOMES[role]);
}
