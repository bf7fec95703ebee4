/**
 * Where the machine's CPU goes while a route is under load, read from /proc (Linux): the app
 * server, the PostgreSQL backends of the bench database, and the load generator (this process,
 * autocannon runs in it). On 2 shared cores these three compete, so their sum per request says
 * how many requests per second the machine can serve at all, whatever the code does next.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';

const TICKS_PER_SECOND = 100;

/** CPU time (user + system, or one of them, in ms) a process has used; 0 when it is gone or not Linux. */
export function processCpuMs(pid: number, which: 'all' | 'user' | 'system' = 'all'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const [user, system] = [Number(fields[11]), Number(fields[12])];
    const ticks = which === 'user' ? user : which === 'system' ? system : user + system;
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU time (ms) so far of each postgres backend connected to `database` (their command line names it), by pid. */
export function postgresCpuByPid(database: string | null): Map<number, number> {
  const found = new Map<number, number>();
  if (!database) return found;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return found;
  }
  for (const pid of pids) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres') && cmdline.includes(` ${database} `)) {
        found.set(Number(pid), processCpuMs(Number(pid)));
      }
    } catch {
      // the backend ended meanwhile
    }
  }
  return found;
}

/**
 * CPU time (ms) the backends used since `before`: a backend that started meanwhile counts whole,
 * one that ended meanwhile (the pool closes idle connections) is left out, as its last reading is gone.
 */
export function postgresCpuSince(before: Map<number, number>, database: string | null): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuByPid(database)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The bench database's name from its URL, or null (PGlite: it runs inside the server process). */
export function benchDatabaseName(): string | null {
  const url = process.env.BENCH_DATABASE_URL;
  return url ? decodeURIComponent(new URL(url).pathname.slice(1)) : null;
}

/** Idle and total time of all cores (ms), from /proc/stat. */
function machineTimes(): { idle: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    return { idle: (idle * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
  } catch {
    return { idle: 0, total: 0 };
  }
}

export interface CpuShare {
  /** CPU time per request (µs) of the app server, the PostgreSQL backends and the load generator. */
  serverUs: number;
  postgresUs: number;
  loadGeneratorUs: number;
  /** Share of the machine's cores left idle during the run (0–100). */
  idlePercent: number;
  /**
   * The most requests per second the cores could serve at this CPU per request, were they
   * never idle: cores × 1 s / (server + PostgreSQL + load generator).
   */
  cpuBoundReqPerSec: number;
}

/** Starts counting; `stop(requests)` gives the CPU shares of the run. */
export function startCpuCount(serverPid: number | undefined, database: string | null) {
  const server0 = serverPid ? processCpuMs(serverPid) : 0;
  const pg0 = postgresCpuByPid(database);
  const self0 = process.cpuUsage();
  const machine0 = machineTimes();
  return (requests: number): CpuShare => {
    const per = (ms: number) => (requests > 0 ? Math.round((ms * 1000) / requests) : 0);
    const self = process.cpuUsage(self0);
    const machine = machineTimes();
    const serverUs = per(serverPid ? processCpuMs(serverPid) - server0 : 0);
    const postgresUs = per(postgresCpuSince(pg0, database));
    const loadGeneratorUs = per((self.user + self.system) / 1000);
    const span = machine.total - machine0.total;
    const sum = serverUs + postgresUs + loadGeneratorUs;
    return {
      serverUs,
      postgresUs,
      loadGeneratorUs,
      idlePercent: span > 0 ? Math.round(((machine.idle - machine0.idle) / span) * 100) : 0,
      cpuBoundReqPerSec: sum > 0 ? Math.round((cpus().length * 1e6) / sum) : 0,
    };
  };
}
