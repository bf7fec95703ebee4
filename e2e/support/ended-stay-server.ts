/**
 * A server of its own for the reviews journey: its data dir is prepared first with an ended stay
 * (ended-stay-data.ts), then the real server starts on it. Used as a worker fixture, and the test's
 * baseURL points at it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from './server';

export interface EndedStay {
  homeId: string;
  bookingId: string;
  host: string;
  guest: string;
}

export async function startEndedStayServer(): Promise<RunningServer & { stay: EndedStay }> {
  const root = new URL('../..', import.meta.url).pathname;
  const dataDir = mkdtempSync(join(tmpdir(), 'stayhub-e2e-reviews-'));
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/ended-stay-data.ts', dataDir], {
    cwd: root,
    encoding: 'utf8',
  });
  const stay = JSON.parse(out.trim().split('\n').at(-1)!) as EndedStay;
  const server = await startServer({ SEED_DEMO_DATA: 'false', ADMIN_EMAILS: '' }, undefined, dataDir);
  return { ...server, stay };
}
