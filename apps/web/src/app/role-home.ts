import { ROLE_PREFIX, type Role } from '@portal/shared';

/** Each role's home where it has one of its own; the others' is still their profile (later issues change this). */
const HOMES: Partial<Record<Role, string>> = { admin: 'index', staff: 'employees' };

/** Where `/` and a fresh login send each role. */
export function roleHome(role: Role): string {
  return `${ROLE_PREFIX[role]}/${HOMES[role] ?? 'profile'}`;
}
