// `npm test`: unit + API tests (PGlite), the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, and two app processes on that PostgreSQL and Redis (the
// multi-node test; it skips, saying why, without a Redis at TEST_REDIS_URL), all in one
// Vitest run; beside it, browser tests in Chromium against the built app.
//
// The two runs go one after the other. TEST_PARALLEL=1 runs them side by side (their outputs do
// not interleave): faster where neither keeps the cores busy alone, but not yet measured on a quiet
// 2-core machine, where the heavier API tests could reach their timeouts.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const playwright = join(root, 'node_modules/@playwright/test/cli.js');
const reports = mkdtempSync(join(tmpdir(), 'stayhub-test-'));
// Extra arguments go to every runner (e.g. a file filter).
const extra = process.argv.slice(2);

const projects = ['unit', 'api'];
if (process.env.TEST_DATABASE_URL) projects.push('api-postgres', 'multi-node');
else
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only, and the multi-node test does not run.');

const runs = [
  {
    title: `vitest: ${projects.join(', ')}`,
    kind: 'vitest',
    out: join(reports, 'vitest.json'),
    args: (out) => [
      vitest,
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...extra,
    ],
  },
];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium))
  runs.push({
    title: 'playwright (Chromium)',
    kind: 'e2e',
    out: join(reports, 'e2e.json'),
    args: () => [playwright, 'test', ...extra],
  });
else {
  console.error(
    `Chromium not found at ${chromium}: install it (apt-get install -y chromium) to run the browser tests.`,
  );
  process.exitCode = 1;
}

/**
 * Runs one runner. The first run of a side-by-side pair writes to the terminal as it goes; the
 * others to a log printed when they end, so the two outputs do not interleave.
 */
function start(run, live) {
  const env =
    run.kind === 'e2e' ? { ...process.env, CI: process.env.CI ?? '1', E2E_JSON_REPORT: run.out } : process.env;
  const started = Date.now();
  if (live) console.log(`\n=== ${run.title} ===`);
  else console.log(`\n=== ${run.title}: runs alongside; its output follows when it ends ===`);
  const log = live ? null : join(reports, `${run.kind}.log`);
  const child = spawn(process.execPath, run.args(run.out), {
    cwd: root,
    env,
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  if (log) {
    const file = createWriteStream(log);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      if (log) {
        console.log(`\n=== ${run.title} (ran alongside) ===`);
        process.stdout.write(readFileSync(log, 'utf8'));
      }
      console.log(`=== ${run.title}: ${minutes} min ===`);
      resolve({ run, status });
    });
  });
}

let passed = 0,
  failed = 0,
  skipped = 0;
function count({ run, status }) {
  if (existsSync(run.out)) {
    const report = JSON.parse(readFileSync(run.out, 'utf8'));
    if (run.kind === 'e2e') {
      passed += report.stats.expected;
      failed += report.stats.unexpected + report.stats.flaky;
      skipped += report.stats.skipped;
    } else {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    }
  }
  if (status !== 0) {
    process.exitCode = 1;
    if (!existsSync(run.out)) failed += 1;
  }
}

const started = Date.now();
if (process.env.TEST_PARALLEL === '1') {
  for (const result of await Promise.all(runs.map((run, i) => start(run, i === 0)))) count(result);
} else {
  for (const run of runs) count(await start(run, true));
}
rmSync(reports, { recursive: true, force: true });
console.log(
  `\n${passed} passed, ${failed} failed, ${skipped} skipped in ${((Date.now() - started) / 60_000).toFixed(1)} min`,
);
