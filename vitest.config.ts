import { defineConfig } from 'vitest/config';

/** unit: pure rules and schemas; api: the real app on a real database (PGlite, or PostgreSQL with TEST_ENGINE=postgres). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // A worker imports the app once for all its files (each file builds its own apps and databases): importing it
          // anew per file was some 250 s of each engine's run. So no test may mock a module (it would stay mocked for the
          // files after it) or keep state at a module's top level.
          isolate: false,
        },
      },
    ],
  },
});
