/**
 * Issue 25: two `npm start` in one folder at once crashed one of them (ENOTEMPTY while both built the
 * client into dist/client). Three builds at once, as three processes, into one dist folder: all exit
 * 0, and what is left is one complete build (every script index.html names exists), with no build
 * folders left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const dist = mkdtempSync(join(tmpdir(), 'stayhub-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function buildProcess(): Promise<{ code: number | null; output: string }> {
  const script = `import(${JSON.stringify(join(root, 'scripts/client-build.mjs'))}).then((m) => m.buildClientIfStale({ dist: ${JSON.stringify(dist)} }))`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

it('three processes building at once all succeed and leave one complete build', { timeout: 600_000 }, async () => {
  const runs = await Promise.all([buildProcess(), buildProcess(), buildProcess()]);
  for (const run of runs) expect(run.code, run.output).toBe(0);
  const client = join(dist, 'client');
  const html = readFileSync(join(client, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) expect(existsSync(join(client, file)), file).toBe(true);
  expect(existsSync(join(client, '.vite/manifest.json'))).toBe(true);
  // Only the build in place is left: no process's own folder, no replaced one.
  expect(readdirSync(dist)).toEqual(['client']);
});
