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
