// `npm test`: unit + API tests (PGlite), the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then two app processes on that PostgreSQL and Redis
// (the multi-node test; it skips, saying why, without a Redis at TEST_REDIS_URL),
// then browser tests in Chromium against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const playwright = join(root, 'node_modules/@playwright/test/cli.js');
const reports = mkdtempSync(join(tmpdir(), 'stayhub-test-'));
// Extra arguments go to every runner (e.g. a file filter).
const extra = process.argv.slice(2);

const runs = [['unit', 'api']];
if (process.env.TEST_DATABASE_URL) runs.push(['api-postgres'], ['multi-node']);
else
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only, and the multi-node test does not run.');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) runs.push(['e2e']);
else {
  console.error(
    `Chromium not found at ${chromium}: install it (apt-get install -y chromium) to run the browser tests.`,
  );
  process.exitCode = 1;
}

let passed = 0,
  failed = 0,
  skipped = 0;
for (const projects of runs) {
  const out = join(reports, `${projects.join('-')}.json`);
  const e2e = projects[0] === 'e2e';
  const args = e2e
    ? [playwright, 'test', ...extra]
    : [
        vitest,
        'run',
        ...projects.flatMap((p) => ['--project', p]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
        ...extra,
      ];
  console.log(`\n=== ${e2e ? 'playwright (Chromium)' : `vitest: ${projects.join(', ')}`} ===`);
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: e2e ? { ...process.env, CI: process.env.CI ?? '1', E2E_JSON_REPORT: out } : process.env,
  });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (e2e) {
      passed += report.stats.expected;
      failed += report.stats.unexpected + report.stats.flaky;
      skipped += report.stats.skipped;
    } else {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    }
  }
  if (result.status !== 0) {
    process.exitCode = 1;
    if (!existsSync(out)) failed += 1;
  }
}
rmSync(reports, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
