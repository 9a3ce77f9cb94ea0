import { ROLE_PREFIX, type Role } from '@portal/shared';

/**
 * Where `/` and a fresh login send each role. Until a role's own sections exist its home is its
 * profile; later issues change this one function.
 */
export function roleHome(role: Role): string {
  return `${ROLE_PREFIX[role]}/profile`;
}
