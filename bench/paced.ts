/**
 * An open-loop sender at an even rate (ADR 0071): request i is due at start + i / rate, whatever
 * became of the ones before it, and its latency is counted from when it was due, so a stall of the
 * server (or of this process) shows in the figures instead of delaying the requests behind it.
 * autocannon's rate mode is not this: each connection sends back to back until its quota for the
 * second is spent (a burst at every second's start) and its "correction" assumes a 1 ms interval.
 * A timer wakes the sender when the next request is due (at best to the millisecond, the timer's
 * resolution); a request waits for a free socket of the keep-alive pool, and that wait counts.
 * The sockets are undici's pool, not node:http's agent: the generator shares the machine's two
 * cores with the server and PostgreSQL, and node:http cost it about 550 µs of CPU per request
 * (autocannon about 200), which the server's latency paid for.
 */
import { Pool } from 'undici';

const SETTLE_MS = 1000;

export interface PacedRun {
  sent: number;
  /** Answered per second, over the time from the first request due to the last answer. */
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The three 100 ms windows (by when their requests were due) with the slowest answers: a stall shows as one. */
  worstWindows: { atMs: number; maxMs: number }[];
}

/** The value below which `share` of the sorted latencies lie, in whole milliseconds as autocannon reports. */
function percentile(sorted: number[], share: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
}

export async function paced(
  base: string,
  pathOf: () => string,
  rate: number,
  seconds: number,
  sockets: number,
): Promise<PacedRun> {
  const pool = new Pool(base, { connections: sockets, pipelining: 1 });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const windowMax = new Map<number, number>();
  let non2xx = 0;
  let errors = 0;
  let lastAnswer = 0;
  const get = async (path: string): Promise<number> => {
    const { statusCode, body } = await pool.request({ path, method: 'GET' });
    await body.dump();
    return statusCode;
  };
  // The pool's sockets are opened first (one request each, not counted): the run measures answers,
  // not 50 TCP handshakes in its first millisecond.
  await Promise.all(Array.from({ length: sockets }, () => get(pathOf()).catch(() => 0)));
  // A saturating run just before leaves up to its connection count of requests in flight at the
  // server when it stops (about 150 ms of search work here): the run starts once they are done,
  // so it times its own requests, not that backlog.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const start = performance.now();
  const done = new Promise<void>((resolve) => {
    let settled = 0;
    const settle = () => {
      lastAnswer = performance.now();
      if (++settled === total) resolve();
    };
    const send = (due: number) => {
      get(pathOf()).then(
        (status) => {
          const ms = performance.now() - due;
          latencies.push(ms);
          const window = Math.floor((due - start) / 100);
          windowMax.set(window, Math.max(windowMax.get(window) ?? 0, ms));
          if (status < 200 || status > 299) non2xx++;
          settle();
        },
        () => {
          errors++;
          settle();
        },
      );
    };
    let next = 0;
    // One timer per due request, not one per millisecond: at a few hundred req/s a 1 ms poll woke
    // this process four times per request, CPU the server's latency paid for. A timer that fires
    // late still times its request from when it was due.
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) send(start + next++ * interval);
      if (next < total) setTimeout(tick, start + next * interval - now);
    };
    tick();
  });
  await done;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    reqPerSec: Math.round((latencies.length * 1000) / Math.max(1, lastAnswer - start)),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx,
    errors,
    worstWindows: [...windowMax]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([window, ms]) => ({ atMs: window * 100, maxMs: Math.round(ms) })),
  };
}
