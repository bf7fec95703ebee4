/**
 * Which StayHub server this Playwright worker talks to. global-setup.ts starts one per worker and
 * lists them in E2E_SERVERS; a worker takes the one at its TEST_PARALLEL_INDEX (0 .. workers-1, kept
 * by the worker that replaces a failed one) and exposes it as E2E_BASE_URL, E2E_DATA_DIR and
 * E2E_MAIL_DIR, which the specs and fixtures read.
 */
export interface WorkerServer {
  baseUrl: string;
  dataDir: string;
  mailDir: string;
}

export function useWorkerServer(): void {
  const listed = process.env.E2E_SERVERS;
  if (!listed) return;
  const servers = JSON.parse(listed) as WorkerServer[];
  const mine = servers[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % servers.length]!;
  process.env.E2E_BASE_URL = mine.baseUrl;
  process.env.E2E_DATA_DIR = mine.dataDir;
  process.env.E2E_MAIL_DIR = mine.mailDir;
}
