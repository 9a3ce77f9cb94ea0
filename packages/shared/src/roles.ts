/** The association's staff area: the spec's `{product}`, used for URLs and API prefixes. */
export const PRODUCT_SLUG = 'aipm' as const;

export const ROLES = ['employee', 'trusted', 'ceo', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles of member companies' people (company-scoped). */
export const COMPANY_ROLES = ['employee', 'trusted', 'ceo'] as const satisfies readonly Role[];
export type CompanyRole = (typeof COMPANY_ROLES)[number];
/** Roles of the association's own people. */
export const ASSOCIATION_ROLES = ['staff', 'admin'] as const satisfies readonly Role[];

/** URL prefix of each role's area ('' for the plain user). */
export const ROLE_PREFIX: Record<Role, string> = {
  employee: '',
  trusted: '/trusted',
  ceo: '/ceo',
  staff: `/${PRODUCT_SLUG}`,
  admin: '/admin',
};

export const isCompanyRole = (role: Role): boolean => (COMPANY_ROLES as readonly Role[]).includes(role);

/** The prefixes of the per-role API contracts (/api/admin/…, /api/aipm/…, /api/ceo/…, /api/trusted/…). */
export type ApiPrefix = 'admin' | 'aipm' | 'ceo' | 'trusted';
export const STAFF_API_PREFIXES = ['admin', 'aipm'] as const satisfies readonly ApiPrefix[];
export const MANAGER_API_PREFIXES = ['admin', 'aipm', 'ceo', 'trusted'] as const satisfies readonly ApiPrefix[];

/** Who reaches each API prefix: /aipm admits admin too; the others only their own role. */
export const API_PREFIX_ROLES: Record<ApiPrefix, readonly Role[]> = {
  admin: ['admin'],
  aipm: ['staff', 'admin'],
  ceo: ['ceo'],
  trusted: ['trusted'],
};

/** The API prefix each role calls its per-role contracts under (none for the plain user). */
export const API_PREFIX_OF: Partial<Record<Role, ApiPrefix>> = { admin: 'admin', staff: 'aipm', ceo: 'ceo', trusted: 'trusted' };

/** One contract per prefix from the same schemas, keyed by prefix; `make` gets the prefix and the roles it admits. */
export function perPrefix<const P extends readonly string[], T>(
  prefixes: P,
  make: (prefix: P[number], roles: readonly Role[]) => T,
  /** Who reaches each prefix: the API's, unless a family of routes has prefixes of its own (the documents' /user). */
  rolesOf: Record<P[number], readonly Role[]> = API_PREFIX_ROLES as Record<P[number], readonly Role[]>,
) {
  return Object.fromEntries(prefixes.map((p: P[number]) => [p, make(p, rolesOf[p])])) as { [K in P[number]]: T };
}

/** A page of a role's area: `rolePath('ceo', 'voting/list')` is '/ceo/voting/list'. */
export const rolePath = (role: Role, path: string): string => `${ROLE_PREFIX[role]}/${path}`;
