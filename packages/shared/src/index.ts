export * from './account/account.schemas.ts';
export * from './endpoints.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './http.ts';
export * from './limits.ts';
export * from './organisation/organisation.schemas.ts';
export * from './roles.ts';
