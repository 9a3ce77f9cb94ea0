import { type Role, rolePath } from '@portal/shared';
import type { ComponentType } from 'react';
import { allows, type NavBadge, ROUTE_TABLE } from './route-table.ts';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: ComponentType;
  badge?: NavBadge;
}

/** The navigation of one role: the route table's entries with a nav label that the role may open. */
export function navItems(role: Role): NavItem[] {
  return ROUTE_TABLE.flatMap((entry) => (entry.nav && allows(entry, role) ? [{ to: rolePath(role, entry.path), ...entry.nav }] : []));
}
