export * from './auth.ts';
export * from './content.ts';
export * from './organisation.ts';
export * from './system.ts';
export * from './voting.ts';
