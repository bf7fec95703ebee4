import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** Two real app processes on PostgreSQL and Redis: their own project (scripts/test.mjs runs it with TEST_DATABASE_URL). */
const MULTI_NODE = 'src/server/scale-out/**/*.test.ts';

/**
 * expect.poll waits for what a loaded 2-core machine may take seconds to do (its default is 1 s, which
 * failed whole-suite runs); a poll that can never pass still fails, just later.
 */
const expectSettings = { poll: { timeout: 15_000, interval: 50 } };

export default defineConfig({
  test: {
    /**
     * One test file per core at least (Vitest's default is cores - 1: a single worker on 2 cores). An API
     * test file waits on its database part of the time, so two share a 2-core machine well.
     */
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          expect: expectSettings,
          // A component test that clicks through a checkout takes 1-2 s alone and over 5 s (the default)
          // on a loaded 2-core machine; one that hangs still fails.
          testTimeout: 15_000,
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          setupFiles: ['src/shared/test/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          expect: expectSettings,
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
          expect: expectSettings,
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
          expect: expectSettings,
          include: [MULTI_NODE],
          setupFiles: ['src/shared/test/fail-on-console-error.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
