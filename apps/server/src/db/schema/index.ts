export * from './auth.ts';
export * from './calendar.ts';
export * from './committees.ts';
export * from './content.ts';
export * from './organisation.ts';
export * from './survey.ts';
export * from './system.ts';
export * from './voting.ts';
