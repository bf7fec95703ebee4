import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './e2e/support/chromium';

/** Browser tests: the system's Chromium against the built app served by the real server (see e2e/support/global-setup.ts). */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Each worker has its own server and demo data (support/global-setup.ts); a file's tests run in order.
  // E2E_WORKERS=2 runs two files at a time; one stays the default until that is measured on a quiet machine.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/e2e.json' }]]
    : [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
