import { configDefaults, defineConfig } from 'vitest/config';

/** Two real app processes on PostgreSQL and Redis: their own project (scripts/test.mjs runs it with TEST_DATABASE_URL). */
const MULTI_NODE = 'src/server/scale-out/**/*.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/shared/test/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, MULTI_NODE],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/shared/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB_MODE: 'pglite' },
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['src/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, MULTI_NODE],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/shared/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB_MODE: 'postgres' },
        },
      },
      {
        test: {
          name: 'multi-node',
          include: [MULTI_NODE],
          setupFiles: ['src/shared/test/fail-on-console-error.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
