import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real app process (`src/server/main.ts`), as `npm start` runs it. */
export interface AppProcess {
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s); answers the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash: nothing is flushed or closed), and waits for the exit. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `src/server/main.ts` on 127.0.0.1 with its own DATA_DIR and `env`; resolves once /api/health answers. */
export async function startAppProcess(
  env: Record<string, string>,
  options: {
    port?: number;
    /** Kept after stop (a restart on the same embedded database); else a temp dir, removed. */
    dataDir?: string;
    /** How long to wait for /api/health (default 150 s). */
    startTimeoutMs?: number;
    /** Hands over a SIGKILL of the process as soon as it is spawned (a crash test may need it before it answers). */
    onSpawn?: (kill: () => Promise<void>) => void;
  } = {},
): Promise<AppProcess> {
  const root = new URL('../../..', import.meta.url).pathname;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'stayhub-node-'));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  options.onSpawn?.(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });

  const deadline = Date.now() + (options.startTimeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
