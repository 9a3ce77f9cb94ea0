import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { mayManageRole } from './organisation.rules.ts';

describe('who may manage whom in a company', () => {
  it('lets staff and admin manage every company person, a ceo employees and trusted people, a trusted person employees', () => {
    const table = Object.fromEntries(ROLES.map((actor) => [actor, ROLES.filter((target) => mayManageRole(actor, target))]));
    expect(table).toEqual({
      employee: [],
      trusted: ['employee'],
      ceo: ['employee', 'trusted'],
      staff: ['employee', 'trusted', 'ceo'],
      admin: ['employee', 'trusted', 'ceo'],
    });
  });
});
