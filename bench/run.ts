/**
 * `npm run bench`: load and page-weight benchmark (not a test).
 *
 * 1. Starts bench/server.ts in a child process: a fresh embedded database in a
 *    temp dir with 100,000 homes and a few thousand confirmed bookings, the real
 *    app from buildApp, and a hello-world route on the same server (the ceiling).
 * 2. Runs autocannon (50 connections, BENCH_DURATION seconds each, default 10)
 *    against search, list, one home and hello.
 * 3. Measures the gzip size of the JS that `/` loads: the entry script and its
 *    modulepreloads from dist/client/index.html, and, when Chromium is present,
 *    every script a real browser fetches while loading `/`.
 * 4. Prints a table and PASS/FAIL lines, writes bench/results/latest.{json,md},
 *    stops the server and removes the temp dir.
 *
 * Environment: BENCH_DURATION (s), BENCH_CONNECTIONS, BENCH_HOMES, BENCH_BOOKINGS,
 * BENCH_BUILD=1 (rebuild the client first), CHROMIUM_PATH.
 */
// @ts-expect-error -- plain ESM script shared with `npm start`
import { buildClientIfStale } from '../scripts/client-build.mjs';
import { chromium } from 'playwright-core';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { BenchReady } from './server';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const resultsDir = join(here, 'results');
const clientDir = join(root, 'dist', 'client');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SEARCH_P99_TARGET_MS = 50;
const INITIAL_JS_TARGET_KIB = 150;

interface RouteResult {
  name: string;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Median of sequential requests, one at a time: the route's own cost without queueing. */
  serialMs: number;
  ratio: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface JsMeasure {
  measured: boolean;
  reason?: string;
  files?: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes?: number;
  gzipKiB?: number;
}

const tmp = mkdtempSync(join(tmpdir(), 'stayhub-bench-'));
let child: ChildProcess | undefined;

function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function cleanup() {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

function startServer(): Promise<BenchReady> {
  return new Promise((resolvePromise, reject) => {
    child = fork(join(here, 'server.ts'), [], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
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

function stopServer(): Promise<void> {
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

/** `vary` gives every request its own path (so none is answered from the search cache). */
async function load(
  base: string,
  name: string,
  path: string,
  vary?: () => string,
): Promise<Omit<RouteResult, 'ratio'>> {
  const url = `${base}${path}`;
  const serialMs = await serialMedian(vary ? () => `${base}${vary()}` : url);
  const requests = vary ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: vary() }) }] : undefined;
  // Warm-up (JIT, query plans, caches), not recorded.
  await autocannon({
    url,
    requests,
    connections: CONNECTIONS,
    duration: Math.min(2, Math.max(1, DURATION / 5)),
  } as autocannon.Options);
  const r = await autocannon({ url, requests, connections: CONNECTIONS, duration: DURATION } as autocannon.Options);
  return {
    name,
    path,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    serialMs,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

function measureStaticJs(): JsMeasure {
  const index = join(clientDir, 'index.html');
  if (!existsSync(index)) return { measured: false, reason: 'no dist/client/index.html' };
  const html = readFileSync(index, 'utf8');
  const refs = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (/\btype="module"/.test(tag) && src) refs.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (/\brel="modulepreload"/.test(tag) && href) refs.add(href);
  }
  if (!refs.size) return { measured: false, reason: 'no module script in dist/client/index.html' };
  const files = [...refs].map((ref) => {
    const data = readFileSync(join(clientDir, ref.replace(/^\//, '')));
    return { file: ref, bytes: data.length, gzipBytes: gzipSync(data).length };
  });
  const gzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
  return { measured: true, files, gzipBytes, gzipKiB: kib(gzipBytes) };
}

/** Every script Chromium fetches while loading `/` (entry, preloads and the lazy route chunk). */
async function measureBrowserJs(base: string, served: boolean): Promise<JsMeasure> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!served) return { measured: false, reason: 'the built client is not served' };
  if (!existsSync(executablePath)) return { measured: false, reason: `no Chromium at ${executablePath}` };
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Promise<Buffer | null>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.set(
          new URL(res.url()).pathname,
          res.body().catch(() => null),
        );
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const files: NonNullable<JsMeasure['files']> = [];
    for (const [file, body] of scripts) {
      const data = await body;
      if (data) files.push({ file, bytes: data.length, gzipBytes: gzipSync(data).length });
    }
    const gzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
    return { measured: true, files, gzipBytes, gzipKiB: kib(gzipBytes) };
  } catch (err) {
    return { measured: false, reason: `browser load failed: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function main() {
  const started = Date.now();
  const loadBefore = loadavg().map((n) => Math.round(n * 100) / 100);
  console.log(
    `StayHub bench: ${process.env.BENCH_HOMES ?? '100000'} homes, ${CONNECTIONS} connections, ${DURATION} s per route`,
  );
  // The same build `npm start` serves: rebuilt when the client sources are newer.
  buildClientIfStale({ force: process.env.BENCH_BUILD === '1' });
  const ready = await startServer();
  console.log(
    `database ready in ${ready.loadMs} ms: ${ready.homes} homes (${ready.lisbonHomes} in Lisbon), ${ready.bookings} confirmed bookings`,
  );
  const base = `http://127.0.0.1:${ready.port}`;
  const q = new URLSearchParams(ready.search).toString();
  const routes: [string, string][] = [
    ['search', `/api/homes?${q}`],
    ['list', '/api/homes'],
    ['home', `/api/home/${ready.homeId}`],
    ['hello (ceiling)', '/bench/hello'],
  ];

  // Sanity check before loading: every route answers 200.
  for (const [name, path] of routes) {
    const res = await fetch(`${base}${path}`);
    if (res.status !== 200) throw new Error(`${name} ${path} answered ${res.status}: ${await res.text()}`);
  }
  const searchCount = ((await (await fetch(`${base}${routes[0]![1]}`)).json()) as unknown[]).length;

  // The same search with other dates and guest counts on every request: each one reaches the database.
  const today = ready.search.checkIn;
  const varied = () => {
    const checkIn = addDaysIso(today, Math.floor(Math.random() * 300) - 19);
    const q = new URLSearchParams({
      location: 'Lisbon',
      checkIn,
      checkOut: addDaysIso(checkIn, 1 + Math.floor(Math.random() * 7)),
      guests: String(1 + Math.floor(Math.random() * 8)),
    });
    return `/api/homes?${q}`;
  };

  const raw: Omit<RouteResult, 'ratio'>[] = [];
  for (const [name, path] of routes) {
    process.stdout.write(`  ${name} ...`);
    const r = await load(base, name, path);
    raw.push(r);
    process.stdout.write(` ${r.reqPerSec} req/s\n`);
    if (name === 'search') {
      process.stdout.write('  search, a different query each time ...');
      const v = await load(
        base,
        'search, a different query each time (no cache hits)',
        '/api/homes?location=Lisbon&checkIn=<varied>&checkOut=<varied>&guests=<varied>',
        varied,
      );
      raw.push(v);
      process.stdout.write(` ${v.reqPerSec} req/s\n`);
    }
  }
  const ceiling = raw.find((r) => r.path === '/bench/hello')!.reqPerSec || 1;
  const results: RouteResult[] = raw.map((r) => ({ ...r, ratio: Math.round((r.reqPerSec / ceiling) * 1000) / 1000 }));

  const staticJs = measureStaticJs();
  const browserJs = staticJs.measured
    ? await measureBrowserJs(base, ready.clientServed)
    : { measured: false, reason: 'no client build' };
  await stopServer();
  const loadAfter = loadavg().map((n) => Math.round(n * 100) / 100);

  const search = results[0]!;
  const searchOk = search.p99 < SEARCH_P99_TARGET_MS && search.non2xx === 0 && search.errors === 0;
  // The target applies to what `/` really loads; the static count is the fallback.
  const js = browserJs.measured ? browserJs : staticJs;
  const jsOk = js.measured && (js.gzipKiB ?? Infinity) <= INITIAL_JS_TARGET_KIB;

  const header = '| route | path | req/s | p50 (ms) | p99 (ms) | ratio of ceiling | alone (ms) | non-2xx | errors |';
  const rows = results.map(
    (r) =>
      `| ${r.name} | \`${r.path}\` | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.ratio.toFixed(3)} | ${r.serialMs} | ${r.non2xx} | ${r.errors} |`,
  );
  const jsLine = (label: string, m: JsMeasure) =>
    m.measured
      ? `${label}: ${m.gzipKiB} KiB gzip (${m.files!.length} files: ${m.files!.map((f) => `${f.file} ${kib(f.gzipBytes)} KiB`).join(', ')})`
      : `${label}: not measured (${m.reason})`;
  const buildTime = existsSync(join(clientDir, 'index.html'))
    ? statSync(join(clientDir, 'index.html')).mtime.toISOString()
    : 'none';
  const lines = [
    `# StayHub benchmark — ${new Date().toISOString()}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}. Load generator and server run as two processes on the same machine. Load average (1/5/15 min) before: ${loadBefore.join(' / ')}, after: ${loadAfter.join(' / ')}${loadBefore[0]! > cpus().length ? ' — the machine was busy with other work; absolute numbers are low' : ''}.`,
    `"alone" is the median latency of 30 sequential requests (no concurrency): the route's own cost without queueing behind the single-threaded embedded database.`,
    `Data: ${ready.homes} homes (${ready.lisbonHomes} in Lisbon), ${ready.bookings} confirmed bookings (half overlap the searched dates), embedded PGlite, loaded in ${ready.loadMs} ms.`,
    `Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per route after a short warm-up. Search returned ${searchCount} homes (one page).`,
    '',
    header,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    jsLine('Initial JS of `/` (index.html script + modulepreloads)', staticJs),
    jsLine('JS fetched by Chromium while loading `/`', browserJs),
    `Client build used: dist/client/index.html of ${buildTime}.`,
    '',
    `Search p99 < ${SEARCH_P99_TARGET_MS} ms: ${pass(searchOk)} (${search.p99} ms; search cache on, as in production)`,
    `Search with a different query each time (every request reaches the database): p99 ${results[1]!.p99} ms, alone ${results[1]!.serialMs} ms (information, no target)`,
    `Initial JS of / <= ${INITIAL_JS_TARGET_KIB} KiB gzip: ${js.measured ? `${pass(jsOk)} (${js.gzipKiB} KiB)` : `FAIL (not measured: ${js.reason})`}`,
  ];
  console.log(`\n${lines.slice(2).join('\n')}`);

  mkdirSync(resultsDir, { recursive: true });
  const json = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      loadavgBefore: loadBefore,
      loadavgAfter: loadAfter,
    },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION },
    data: {
      homes: ready.homes,
      lisbonHomes: ready.lisbonHomes,
      bookings: ready.bookings,
      loadMs: ready.loadMs,
      search: ready.search,
      searchResults: searchCount,
    },
    routes: results,
    initialJs: { static: staticJs, browser: browserJs, clientBuild: buildTime },
    targets: {
      searchP99: { targetMs: SEARCH_P99_TARGET_MS, valueMs: search.p99, pass: searchOk },
      initialJs: {
        targetKiB: INITIAL_JS_TARGET_KIB,
        valueKiB: js.gzipKiB ?? null,
        source: browserJs.measured ? 'browser' : 'static',
        pass: jsOk,
      },
    },
    wallClockMs: Date.now() - started,
  };
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'latest.md'), `${lines.join('\n')}\n`);
  console.log(
    `\nwritten: bench/results/latest.json, bench/results/latest.md (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    cleanup();
  });
