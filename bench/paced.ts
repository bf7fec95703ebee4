/**
 * An open-loop sender at an even rate (ADR 0071): request i is due at start + i / rate, whatever
 * became of the ones before it, and its latency is counted from when it was due, so a stall of the
 * server (or of this process) shows in the figures instead of delaying the requests behind it.
 * autocannon's rate mode is not this: each connection sends back to back until its quota for the
 * second is spent (a burst at every second's start) and its "correction" assumes a 1 ms interval.
 * Due requests are sent every millisecond (the timer's resolution); a request waits for a free
 * socket of the keep-alive pool, and that wait counts.
 */
import http from 'node:http';

export interface PacedRun {
  sent: number;
  /** Answered per second, over the time from the first request due to the last answer. */
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
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
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let lastAnswer = 0;
  // The pool's sockets are opened first (one request each, not counted): the run measures answers,
  // not 50 TCP handshakes in its first millisecond.
  await Promise.all(
    Array.from(
      { length: sockets },
      () =>
        new Promise<void>((resolve) => {
          http
            .get(`${base}${pathOf()}`, { agent }, (res) => res.resume().on('end', resolve))
            .on('error', () => resolve());
        }),
    ),
  );
  const start = performance.now();
  const done = new Promise<void>((resolve) => {
    let settled = 0;
    const settle = () => {
      lastAnswer = performance.now();
      if (++settled === total) resolve();
    };
    const send = (due: number) => {
      const req = http.get(`${base}${pathOf()}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode > 299) non2xx++;
          settle();
        });
      });
      req.on('error', () => {
        errors++;
        settle();
      });
    };
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * interval <= now) send(start + next++ * interval);
      if (next < total) setTimeout(tick, 1);
    };
    tick();
  });
  await done;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    reqPerSec: Math.round((latencies.length * 1000) / Math.max(1, lastAnswer - start)),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx,
    errors,
  };
}
