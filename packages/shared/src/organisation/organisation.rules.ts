import { type CompanyRole, isCompanyRole, type Role } from '../roles.ts';

/** The company roles each role may give and take: staff and admin all; a ceo employees and trusted; a trusted person employees. */
export const MANAGEABLE_ROLES: Record<Role, readonly CompanyRole[]> = {
  admin: ['employee', 'trusted', 'ceo'],
  staff: ['employee', 'trusted', 'ceo'],
  ceo: ['employee', 'trusted'],
  trusted: ['employee'],
  employee: [],
};

export const isAssociationRole = (role: Role): boolean => role === 'staff' || role === 'admin';

/**
 * May someone of this role manage a company person of that role? A ceo or a trusted person, besides, only in their own
 * company and never themselves (the server checks both; the screens only ever list the caller's own company to them).
 */
export const mayManageRole = (actorRole: Role, targetRole: Role): boolean =>
  isCompanyRole(targetRole) && (MANAGEABLE_ROLES[actorRole] as readonly Role[]).includes(targetRole);
