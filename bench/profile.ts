/**
 * `npx tsx bench/profile.ts <route>`: one route of the bench under load with the server's CPU
 * profiled (node --cpu-prof), to see where per-request time goes. Routes: search, place,
 * home, details (the server-rendered page), list, hello, and on PostgreSQL data issue 29's shapes
 * by their bench key (mix, prefixFiltered, histogramPrefix, ...: bench/search-shapes.ts).
 * BENCH_NO_PROF=1 measures without the profiler. BENCH_RATE=<req/s> measures at that even rate
 * (bench/paced.ts, as the bench reads a goal's p99) instead of saturating. Uses the data `npm run bench` loaded (BENCH_DATABASE_URL, or PGlite).
 * The .cpuprofile lands in BENCH_PROFILE_DIR (default bench/results/profiles, not committed).
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import type { BenchReady } from './server';
import { benchDatabaseName, postgresCpuByPid, postgresCpuSince, processCpuMs } from './cpu';
import { shapeRoutes } from './search-shapes';
import { paced } from './paced';

const here = dirname(fileURLToPath(import.meta.url));
const route = process.argv[2] ?? 'search';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const profileDir = resolve(process.env.BENCH_PROFILE_DIR ?? join(here, 'results', 'profiles'));
mkdirSync(profileDir, { recursive: true });
const database = benchDatabaseName();
const cpu = (pid: number, which: 'all' | 'user' | 'system' = 'all') => processCpuMs(pid, which);

const tmp = mkdtempSync(join(tmpdir(), 'stayhub-profile-'));

const addDaysIso = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const child = fork(join(here, 'server.ts'), [], {
  execArgv: [
    '--import',
    'tsx',
    ...SERVER_NODE_FLAGS,
    ...(process.env.BENCH_NO_PROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]),
  ],
  env: { ...process.env, BENCH_DIR: tmp, NODE_ENV: 'production' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<BenchReady>((ok, fail) => {
  child.on('message', (m: BenchReady | { type: 'error'; message: string }) =>
    m.type === 'ready' ? ok(m) : fail(new Error(m.message)),
  );
});
const base = `http://127.0.0.1:${ready.port}`;
const varied = () => {
  const checkIn = addDaysIso(ready.search.checkIn, Math.floor(Math.random() * 160) - 19);
  const q = new URLSearchParams({
    location:
      Math.random() < 0.1 ? ready.search.location : ready.places[Math.floor(Math.random() * ready.places.length)]!,
    checkIn,
    checkOut: addDaysIso(checkIn, 1 + Math.floor(Math.random() * 7)),
    guests: String(1 + Math.floor(Math.random() * 8)),
  });
  return `/api/homes?${q}`;
};
const paths: Record<string, string> = {
  search: '/api/homes',
  place: `/api/homes?location=${encodeURIComponent(ready.search.location)}`,
  home: `/api/home/${ready.homeId}`,
  details: `/details/${ready.homeId}`,
  list: '/api/homes',
  hello: '/bench/hello',
  health: '/api/health',
};
const shape = shapeRoutes({
  places: ready.places,
  bigPlace: ready.search.location,
  today: ready.search.checkIn,
  bbox: true,
}).routes.find((r) => r.key === route);
const vary = route === 'search' ? varied : shape?.vary;
if (!paths[route] && !vary) throw new Error(`unknown route ${route}`);
const requests = vary ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: vary() }) }] : undefined;
// Warm first (each pooled connection plans its statements; the JIT compiles the hot path), as the
// bench does before each route: BENCH_WARM seconds, 3 by default.
const warm = Number(process.env.BENCH_WARM ?? 3);
if (warm > 0) {
  await autocannon({
    url: `${base}${paths[route] ?? '/api/homes'}`,
    requests,
    connections: 50,
    duration: warm,
  } as autocannon.Options);
}
const before = cpu(child.pid!);
const systemBefore = cpu(child.pid!, 'system');
const pgBefore = postgresCpuByPid(database);
const senderBefore = process.cpuUsage();
const rate = Number(process.env.BENCH_RATE ?? 0);
const pathOf = vary ?? (() => paths[route]!);
const r =
  rate > 0
    ? await paced(base, pathOf, rate, duration, 50).then((p) => ({
        total: p.sent,
        summary: `${p.reqPerSec} req/s served of ${rate} offered, p50 ${p.p50} ms, p99 ${p.p99} ms, non-2xx ${p.non2xx}, errors ${p.errors}; slowest 100 ms windows: ${p.worstWindows.map((w) => `${(w.atMs / 1000).toFixed(1)} s ${w.maxMs} ms`).join(', ')}`,
      }))
    : await autocannon({
        url: `${base}${paths[route] ?? '/api/homes'}`,
        requests,
        connections: 50,
        duration,
      } as autocannon.Options).then((a) => ({
        total: a.requests.total,
        summary: `${Math.round(a.requests.average)} req/s, p50 ${a.latency.p50} ms, p99 ${a.latency.p99} ms, non-2xx ${a.non2xx}`,
      }));
const serverMs = cpu(child.pid!) - before;
const systemMs = cpu(child.pid!, 'system') - systemBefore;
const pgMs = postgresCpuSince(pgBefore, database);
const sender = process.cpuUsage(senderBefore);
const senderMs = (sender.user + sender.system) / 1000;
const perRequest = (ms: number) => Math.round((ms * 1000) / r.total);
console.log(
  `${route}: ${r.summary}; ` +
    `CPU per request: server ${perRequest(serverMs)} µs (system ${perRequest(systemMs)} µs), PostgreSQL ${perRequest(pgMs)} µs, load generator ${perRequest(senderMs)} µs`,
);
await new Promise<void>((ok) => {
  child.once('exit', () => ok());
  child.send('stop');
});
rmSync(tmp, { recursive: true, force: true });
console.log(`profile in ${profileDir}`);
