import { describe, expect, it } from 'vitest';
import type { AccessGrant } from '../api/report-grants.ts';
import { addGrants, draftChanges, draftSize, EMPTY_DRAFT, faultsByRow, removeAdded, rowKey, toggleRevoke } from './grant-changes.ts';

const grant = (id: number, over: Partial<AccessGrant>): AccessGrant => ({
  id,
  periodId: 5,
  reportId: null,
  reportType: 'general',
  companyId: null,
  companyName: null,
  userId: null,
  userName: null,
  source: 'manual',
  grantedAt: '2026-06-01T10:00:00.000Z',
  grantedByName: 'Staff',
  ...over,
});

const live = [
  grant(1, { companyId: 10, companyName: 'Alpha', source: 'auto_participant' }),
  grant(2, { reportId: 40, reportType: null, userId: 20, userName: 'Bob' }),
];
const alpha = { companyId: 10, name: 'Alpha' };
const beta = { companyId: 11, name: 'Beta' };

describe('the report access draft', () => {
  it('adds only grants not held already, once each', () => {
    const first = addGrants(EMPTY_DRAFT, live, { reportType: 'general' }, [alpha, beta]);
    expect(first.added).toBe(1);
    expect(first.draft.added.map((a) => a.grantee.name)).toEqual(['Beta']);
    const again = addGrants(first.draft, live, { reportType: 'general' }, [beta]);
    expect(again.added).toBe(0);
    expect(again.draft.added).toHaveLength(1);
    // The same company for another report type is a grant of its own.
    expect(addGrants(first.draft, live, { reportType: 'car' }, [alpha]).added).toBe(1);
  });

  it('takes a grant away and keeps it again; adding it back undoes taking it away', () => {
    const revoked = toggleRevoke(EMPTY_DRAFT, 1);
    expect(draftSize(revoked)).toBe(1);
    expect(draftSize(toggleRevoke(revoked, 1))).toBe(0);
    const readded = addGrants(revoked, live, { reportType: 'general' }, [alpha]);
    expect(readded.added).toBe(1);
    expect(draftSize(readded.draft)).toBe(0);
  });

  it('sends the grants taken away, then those added, naming the row of each change', () => {
    let draft = toggleRevoke(EMPTY_DRAFT, 2);
    draft = addGrants(draft, live, { reportId: 41 }, [{ userId: 21, name: 'Cleo' }]).draft;
    draft = addGrants(draft, live, { reportType: 'car' }, [beta]).draft;
    const { changes, rows } = draftChanges(5, draft, live);
    expect(changes).toEqual([
      { periodId: 5, reportId: 40, userId: 20, grant: false },
      { periodId: 5, reportId: 41, userId: 21, grant: true },
      { periodId: 5, reportType: 'car', companyId: 11, grant: true },
    ]);
    expect(rows).toEqual([rowKey(live[1] as AccessGrant), ...draft.added.map(rowKey)]);
    expect(draftChanges(5, removeAdded(draft, draft.added[0]?.key ?? ''), live).changes).toHaveLength(2);
  });

  it("puts the server's refusals on the rows of the changes they name", () => {
    const faults = faultsByRow(
      { 'changes.1.companyId': 'Unknown company.', 'changes.1.reportType': 'Unknown company.', 'changes.0.userId': 'Unknown person.', periodId: 'x' },
      ['g2', 'tcar:c11'],
    );
    expect([...faults]).toEqual([
      ['tcar:c11', 'Unknown company.'],
      ['g2', 'Unknown person.'],
    ]);
  });
});
