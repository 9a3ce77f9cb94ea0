import { isAssociationRole, MANAGEABLE_ROLES, mayManageRole, type Person, type Role, type User } from '@portal/shared';
import { AppError } from '../../lib/app-error.ts';

export const isAssociation = (actor: User): boolean => isAssociationRole(actor.role);

/** The company a list or a new person is scoped to: the caller's own for ceo and trusted, whatever the request says. */
export function scopedCompanyId(actor: User, requested: number | undefined): number | undefined {
  if (isAssociation(actor)) return requested;
  if (!actor.company) throw new AppError('FORBIDDEN');
  return actor.company.id;
}

/**
 * May the actor manage this company person, and give them this role? ceo and trusted touch only their own
 * company's people below them (never themselves, the ceo, or the association's staff); 403 otherwise.
 */
export function assertMayManage(actor: User, target: Pick<Person, 'id' | 'role' | 'company'>, newRole?: Role): void {
  if (!mayManageRole(actor.role, target.role)) throw new AppError('FORBIDDEN');
  if (newRole) assertMayGiveRole(actor, newRole);
  if (!isAssociation(actor) && (target.id === actor.id || target.company?.id !== actor.company?.id)) throw new AppError('FORBIDDEN');
}

/** May the actor give this role to a new person? */
export function assertMayGiveRole(actor: User, role: Role): void {
  if (!(MANAGEABLE_ROLES[actor.role] as readonly Role[]).includes(role)) throw new AppError('FORBIDDEN');
}

/** Association staff: staff manage staff; only admin creates, edits or switches admins. */
export function assertMayManageStaff(actor: User, targetRole: Role | undefined, newRole: Role | undefined): void {
  if (!isAssociation(actor)) throw new AppError('FORBIDDEN');
  if (actor.role !== 'admin' && (targetRole === 'admin' || newRole === 'admin')) throw new AppError('FORBIDDEN');
}
