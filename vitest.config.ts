import { defineConfig } from 'vitest/config';

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
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/shared/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB_MODE: 'postgres' },
        },
      },
    ],
  },
});
