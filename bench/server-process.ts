/**
 * The bench server as a child process (bench/server.ts, NODE_ENV=production) in a temp dir, and
 * its stop and clean-up, also on Ctrl-C.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import type { BenchReady } from './server';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

const tmp = mkdtempSync(join(tmpdir(), 'stayhub-bench-'));
let child: ChildProcess | undefined;

export function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function cleanup() {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

export function startServer(): Promise<BenchReady> {
  return new Promise((resolvePromise, reject) => {
    child = fork(join(here, 'server.ts'), [], {
      cwd: root,
      // The server's Node options as `npm start` passes them.
      execArgv: ['--import', 'tsx', ...SERVER_NODE_FLAGS],
      env: { ...process.env, BENCH_DIR: tmp, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
    child.on('message', (m: BenchReady | { type: 'error'; message: string }) => {
      if (m.type === 'ready') resolvePromise(m);
      else reject(new Error(m.message));
    });
  });
}

/** The running bench server's process id (its CPU is counted per route). */
export function serverPid(): number | undefined {
  return child?.pid;
}

export function stopServer(): Promise<void> {
  return new Promise((resolvePromise) => {
    if (!child || child.exitCode !== null) return resolvePromise();
    const timer = setTimeout(() => {
      child?.kill('SIGKILL');
    }, 10_000);
    child.removeAllListeners('exit');
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.send('stop');
  });
}
