/**
 * The bench's load part: one route under autocannon (50 connections by default) after a warm-up,
 * and the median of sequential requests ("alone": the route's own cost without queueing).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startCpuCount, type CpuShare } from './cpu';
import { paced } from './paced';

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface RouteResult {
  name: string;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Median of sequential requests, one at a time: the route's own cost without queueing. */
  serialMs: number;
  ratio: number;
  /** 1-minute load average when the route's run started (2 cores: above 2 means other work queued beside the bench). */
  load1: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Where the CPU went during the recorded run (bench/cpu.ts). */
  cpu: CpuShare;
  /** For a goal of "this share of the ceiling with p99 at most so much": a second run at that rate. */
  atRate?: RateResult;
}

/**
 * A run at a fixed offered rate, evenly paced and open-loop (bench/paced.ts), latencies counted
 * from when each request was due. ADR 0071: a p99 goal is read at its rate.
 */
export interface RateResult {
  /** The offered rate (req/s). */
  rate: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpu: CpuShare;
  /** When the slowest answers were due (ms from the run's start): a stall shows as one window. */
  worstWindows: { atMs: number; maxMs: number }[];
}

async function serialMedian(url: string | (() => string), count = 30): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(typeof url === 'string' ? url : url());
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(count / 2)]! * 100) / 100;
}

/**
 * `vary` gives every request its own path (so none is answered from the search cache); `counted`
 * names the server process and the PostgreSQL database whose CPU the recorded run is charged.
 */
/** The route at a fixed rate (after the saturating run has warmed it): what a p99 goal is measured at. */
export async function loadAtRate(
  base: string,
  path: string,
  vary: (() => string) | undefined,
  rate: number,
  counted: { serverPid: number | undefined; database: string | null },
): Promise<RateResult> {
  const stopCount = startCpuCount(counted.serverPid, counted.database);
  const run = await paced(base, vary ?? (() => path), rate, DURATION, CONNECTIONS);
  return { rate, ...run, cpu: stopCount(run.sent) };
}

export async function load(
  base: string,
  name: string,
  path: string,
  vary: (() => string) | undefined,
  counted: { serverPid: number | undefined; database: string | null },
): Promise<Omit<RouteResult, 'ratio'>> {
  const url = `${base}${path}`;
  const load1 = Math.round(loadavg()[0]! * 100) / 100;
  const serialMs = await serialMedian(vary ? () => `${base}${vary()}` : url);
  const requests = vary ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: vary() }) }] : undefined;
  // Warm-up (JIT, query plans, caches), not recorded.
  await autocannon({
    url,
    requests,
    connections: CONNECTIONS,
    duration: Math.min(2, Math.max(1, DURATION / 5)),
  } as autocannon.Options);
  const stopCount = startCpuCount(counted.serverPid, counted.database);
  const r = await autocannon({ url, requests, connections: CONNECTIONS, duration: DURATION } as autocannon.Options);
  const cpu = stopCount(r.requests.total);
  return {
    name,
    path,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    serialMs,
    load1,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    cpu,
  };
}
