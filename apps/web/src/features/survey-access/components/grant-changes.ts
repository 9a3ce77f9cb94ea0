import type { ReportType } from '@portal/shared/reports-model';
import type { AccessChange, AccessGrant } from '../api/report-grants.ts';

/** What a grant opens: one edition, or every edition of a report type in the period. */
export type GrantSubject = { reportId: number } | { reportType: ReportType };
/** Who it opens it to. */
export type Grantee = { companyId: number; name: string } | { userId: number; name: string };

/** A grant staff added on the page, not saved yet. */
export interface NewGrant {
  key: string;
  subject: GrantSubject;
  grantee: Grantee;
}

/** The unsaved changes of a period's report access: grants to add and live grants (by id) to take away. */
export interface GrantDraft {
  added: readonly NewGrant[];
  revoked: ReadonlySet<number>;
}

export const EMPTY_DRAFT: GrantDraft = { added: [], revoked: new Set() };

const subjectKey = (s: { reportId?: number | null; reportType?: ReportType | null }) => (s.reportId ? `r${s.reportId}` : `t${s.reportType}`);
const granteeKey = (g: { companyId?: number | null; userId?: number | null }) => (g.companyId ? `c${g.companyId}` : `u${g.userId}`);
const liveKey = (g: AccessGrant) => `${subjectKey(g)}:${granteeKey(g)}`;

/** A table row's key: a live grant's id, or the new grant's subject and grantee. */
export const rowKey = (row: AccessGrant | NewGrant): string => ('id' in row ? `g${row.id}` : row.key);

/**
 * Adds grants of one subject to the draft: a grantee who already holds it live gets nothing new (unless the draft takes
 * it away: then that is undone), and one already added is not added twice. Answers the draft and how many grants it gained.
 */
export function addGrants(
  draft: GrantDraft,
  live: readonly AccessGrant[],
  subject: GrantSubject,
  grantees: readonly Grantee[],
): { draft: GrantDraft; added: number } {
  const added = [...draft.added];
  const revoked = new Set(draft.revoked);
  let count = 0;
  for (const grantee of grantees) {
    const key = `${subjectKey(subject)}:${granteeKey(grantee)}`;
    const held = live.find((g) => liveKey(g) === key);
    if (held) {
      if (revoked.delete(held.id)) count++;
    } else if (!added.some((a) => a.key === key)) {
      added.push({ key, subject, grantee });
      count++;
    }
  }
  return { draft: { added, revoked }, added: count };
}

/** Marks a live grant to be taken away, or keeps it again. */
export function toggleRevoke(draft: GrantDraft, grantId: number): GrantDraft {
  const revoked = new Set(draft.revoked);
  if (!revoked.delete(grantId)) revoked.add(grantId);
  return { ...draft, revoked };
}

/** Drops a grant added on the page. */
export const removeAdded = (draft: GrantDraft, key: string): GrantDraft => ({ ...draft, added: draft.added.filter((a) => a.key !== key) });

export const draftSize = (draft: GrantDraft): number => draft.added.length + draft.revoked.size;

/**
 * The bulk save's body for the draft, in order: the grants taken away, then those added; `rows` names each change's
 * table row, so the server's refusal of `changes.<i>` can be shown on it.
 */
export function draftChanges(periodId: number, draft: GrantDraft, live: readonly AccessGrant[]): { changes: AccessChange[]; rows: string[] } {
  const changes: AccessChange[] = [];
  const rows: string[] = [];
  for (const grant of live) {
    if (!draft.revoked.has(grant.id)) continue;
    changes.push({
      periodId,
      ...(grant.reportId ? { reportId: grant.reportId } : { reportType: grant.reportType ?? undefined }),
      ...(grant.companyId ? { companyId: grant.companyId } : { userId: grant.userId ?? undefined }),
      grant: false,
    });
    rows.push(rowKey(grant));
  }
  for (const grant of draft.added) {
    const grantee = 'companyId' in grant.grantee ? { companyId: grant.grantee.companyId } : { userId: grant.grantee.userId };
    changes.push({ periodId, ...grant.subject, ...grantee, grant: true });
    rows.push(grant.key);
  }
  return { changes, rows };
}

/** The server's messages on `changes.<i>.<field>`, by the table row of change i (several on one row joined). */
export function faultsByRow(fields: Record<string, string>, rows: readonly string[]): Map<string, string> {
  const faults = new Map<string, string>();
  for (const [path, message] of Object.entries(fields)) {
    const row = rows[Number(/^changes\.(\d+)\./.exec(path)?.[1] ?? Number.NaN)];
    if (row === undefined) continue;
    const before = faults.get(row);
    faults.set(row, before && before !== message ? `${before} ${message}` : message);
  }
  return faults;
}
