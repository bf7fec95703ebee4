/**
 * Lighthouse for the public pages: `npm run bench -- --lighthouse` (after the load bench) or
 * `npx tsx bench/lighthouse.ts` (alone). Not a test.
 *
 * Starts the real server (src/server/main.ts, NODE_ENV=production, the production client build,
 * a fresh embedded database with the demo data) and runs Lighthouse from its npm package against
 * `/`, `/all-home`, `/details/:id` and `/searchresult?location=…`: mobile preset (the default
 * config: emulated phone, simulated slow 4G and 4× CPU slowdown), LIGHTHOUSE_RUNS rounds (default
 * 5), each round visiting every page once so all pages see the same machine load. Each figure is
 * the median of its runs. Chromium is the installed one (CHROMIUM_PATH, default /usr/bin/chromium)
 * started by chrome-launcher with the flags the browser tests use; nothing is downloaded.
 *
 * Writes a "Lighthouse" section into bench/results/latest.md (replacing an earlier one) and a
 * `lighthouse` key into latest.json; with LIGHTHOUSE_REPORTS=<dir>, each run's full JSON report too.
 */
// @ts-expect-error -- plain ESM script shared with `npm start`
import { buildClientIfStale } from '../scripts/client-build.mjs';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const resultsDir = join(here, 'results');

/** Issue 13's targets, per page. */
export const LIGHTHOUSE_TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1800,
  cls: 0.02,
  tbtMs: 100,
} as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageFigures {
  page: string;
  url: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits below full score in a11y / best practices / SEO in any run, with how many runs. */
  findings: { id: string; title: string; runs: number; examples: string[] }[];
  /** Runs whose page load failed (Lighthouse runtimeError). */
  errors: string[];
}

export interface LighthouseResult {
  date: string;
  runs: number;
  loadavgBefore: number[];
  loadavgAfter: number[];
  pages: PageFigures[];
  pass: boolean;
}

const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;
const load = () => loadavg().map((n) => round(n, 2));

function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/** The production server as `npm start` runs it, on a throwaway data dir with the demo data. */
async function startServer(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = fork(join(root, 'src/server/main.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO_DATA: 'true',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (code ${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not answer /api/health within 120 s');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      res();
    });
    child.kill('SIGTERM');
  });
}

async function pagesToMeasure(base: string): Promise<{ page: string; path: string }[]> {
  const homes = (await (await fetch(`${base}/api/homes`)).json()) as { _id: string; location: string }[];
  const first = homes[0];
  if (!first) throw new Error('the demo data has no homes');
  const city = first.location.split(',')[0]!.trim();
  return [
    { page: '/', path: '/' },
    { page: '/all-home', path: '/all-home' },
    { page: '/details/:id', path: `/details/${first._id}` },
    { page: '/searchresult', path: `/searchresult?location=${encodeURIComponent(city)}` },
  ];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export async function runLighthouse(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5)): Promise<LighthouseResult> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}`);
  buildClientIfStale({ force: process.env.BENCH_BUILD === '1' });
  const tmp = mkdtempSync(join(tmpdir(), 'stayhub-lighthouse-'));
  const loadavgBefore = load();
  const { base, child } = await startServer(tmp);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    mkdirSync(join(tmp, 'chrome'));
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      userDataDir: join(tmp, 'chrome'),
    });
    const pages = await pagesToMeasure(base);
    const reports = new Map<string, Lhr[]>(pages.map((p) => [p.page, []]));
    // LIGHTHOUSE_REPORTS=<dir>: every run's full report, to see what the LCP element is and what it waited for.
    const reportDir = process.env.LIGHTHOUSE_REPORTS ? resolve(process.env.LIGHTHOUSE_REPORTS) : null;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    // Warm-up visit per page (server JIT, image variants on disk), not recorded.
    for (const p of pages) await fetch(`${base}${p.path}`).then((r) => r.arrayBuffer());
    for (let round_ = 1; round_ <= runs; round_++) {
      for (const p of pages) {
        const result = await lighthouse(`${base}${p.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${p.path}`);
        reports.get(p.page)!.push(result.lhr);
        if (reportDir) {
          const name = `${p.page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${round_}.json`;
          writeFileSync(join(reportDir, name), JSON.stringify(result.lhr));
        }
        const s = (id: string) => round((result.lhr.categories[id]?.score ?? 0) * 100);
        console.log(
          `  lighthouse ${round_}/${runs} ${p.page}: perf ${s('performance')}, a11y ${s('accessibility')}, bp ${s('best-practices')}, seo ${s('seo')} (load ${load()[0]})`,
        );
      }
    }
    const figures = pages.map((p) => summarise(p.page, `${base}${p.path}`, reports.get(p.page)!));
    const t = LIGHTHOUSE_TARGETS;
    const pass = figures.every(
      (f) =>
        f.performance >= t.performance &&
        f.accessibility >= t.accessibility &&
        f.bestPractices >= t.bestPractices &&
        f.seo >= t.seo &&
        f.lcpMs <= t.lcpMs &&
        f.cls <= t.cls &&
        f.tbtMs <= t.tbtMs,
    );
    return { date: new Date().toISOString(), runs, loadavgBefore, loadavgAfter: load(), pages: figures, pass };
  } finally {
    chrome?.kill();
    await stop(child);
    rmSync(tmp, { recursive: true, force: true });
  }
}

function summarise(page: string, url: string, lhrs: Lhr[]): PageFigures {
  const score = (id: string) => median(lhrs.map((l) => (l.categories[id]?.score ?? 0) * 100));
  const audit = (id: string) => median(lhrs.map((l) => l.audits[id]?.numericValue ?? NaN).filter(Number.isFinite));
  const findings = new Map<string, PageFigures['findings'][number]>();
  for (const lhr of lhrs) {
    for (const cat of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (!a || ref.weight === 0 || a.score === null || a.score >= 1) continue;
        const f = findings.get(a.id) ?? { id: a.id, title: a.title, runs: 0, examples: [] };
        f.runs++;
        // What the audit points at (a console message, an element), so the finding can be fixed from the report.
        const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 3)) {
          const node = item.node as { snippet?: string } | undefined;
          const text = String(item.description ?? item.issueType ?? node?.snippet ?? item.url ?? '').slice(0, 200);
          if (text && !f.examples.includes(text)) f.examples.push(text);
        }
        findings.set(a.id, f);
      }
    }
  }
  return {
    page,
    url,
    runs: lhrs.length,
    performance: round(score('performance')),
    accessibility: round(score('accessibility')),
    bestPractices: round(score('best-practices')),
    seo: round(score('seo')),
    lcpMs: round(audit('largest-contentful-paint')),
    cls: round(audit('cumulative-layout-shift'), 3),
    tbtMs: round(audit('total-blocking-time')),
    findings: [...findings.values()],
    errors: lhrs.flatMap((l) => (l.runtimeError ? [`${l.runtimeError.code}: ${l.runtimeError.message}`] : [])),
  };
}

const mark = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function lighthouseMarkdown(r: LighthouseResult): string[] {
  const t = LIGHTHOUSE_TARGETS;
  const rows = r.pages.map(
    (f) =>
      `| \`${f.page}\` | ${f.performance} ${mark(f.performance >= t.performance)} | ${f.accessibility} ${mark(f.accessibility >= t.accessibility)} | ${f.bestPractices} ${mark(f.bestPractices >= t.bestPractices)} | ${f.seo} ${mark(f.seo >= t.seo)} | ${(f.lcpMs / 1000).toFixed(2)} ${mark(f.lcpMs <= t.lcpMs)} | ${f.cls.toFixed(3)} ${mark(f.cls <= t.cls)} | ${f.tbtMs} ${mark(f.tbtMs <= t.tbtMs)} |`,
  );
  const findings = r.pages.flatMap((f) => [
    ...f.findings.map(
      (a) =>
        `- \`${f.page}\`: ${a.id} — ${a.title} (${a.runs}/${f.runs} runs)${a.examples.length ? `: ${a.examples.map((e) => `\`${e.replace(/`/g, "'")}\``).join('; ')}` : ''}`,
    ),
    ...f.errors.map((e) => `- \`${f.page}\`: page load error ${e}`),
  ]);
  return [
    '## Lighthouse (public pages)',
    '',
    `Lighthouse ${r.date}: npm package, mobile preset (emulated phone, simulated slow 4G, 4× CPU slowdown), median of ${r.runs} runs per page, the pages taken in turn in each round. Real server (NODE_ENV=production, production client build, embedded PGlite with the demo data) and Chromium on the same machine. Load average (1/5/15 min) before: ${r.loadavgBefore.join(' / ')}, after: ${r.loadavgAfter.join(' / ')} — the machine is shared (2 cores); a load above 2 slows the simulated CPU figures (TBT, performance score).`,
    '',
    `| page | performance (≥ ${t.performance}) | accessibility (${t.accessibility}) | best practices (${t.bestPractices}) | SEO (${t.seo}) | LCP s (≤ ${t.lcpMs / 1000}) | CLS (≤ ${t.cls}) | TBT ms (≤ ${t.tbtMs}) |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    findings.length
      ? 'Audits below full score (accessibility, best practices, SEO):'
      : 'No accessibility, best-practices or SEO audit below full score.',
    ...findings,
    '',
    `Lighthouse targets on every page: ${mark(r.pass)}`,
  ];
}

/** The Lighthouse section of the current latest.md (kept when the load bench rewrites the file without re-running it). */
export function previousLighthouseSection(): string {
  const mdPath = join(resultsDir, 'latest.md');
  if (!existsSync(mdPath)) return '';
  const [, section] = readFileSync(mdPath, 'utf8').split('\n## Lighthouse (public pages)');
  return section === undefined ? '' : `\n## Lighthouse (public pages)${section.trimEnd()}\n`;
}

/** Replaces (or appends) the Lighthouse section of latest.md and the `lighthouse` key of latest.json. */
export function writeLighthouseResults(r: LighthouseResult) {
  mkdirSync(resultsDir, { recursive: true });
  const mdPath = join(resultsDir, 'latest.md');
  const previous = existsSync(mdPath) ? readFileSync(mdPath, 'utf8') : '# StayHub benchmark\n';
  const kept = previous.split('\n## Lighthouse (public pages)')[0]!.trimEnd();
  writeFileSync(mdPath, `${kept}\n\n${lighthouseMarkdown(r).join('\n')}\n`);
  const jsonPath = join(resultsDir, 'latest.json');
  const json = existsSync(jsonPath) ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(
    jsonPath,
    `${JSON.stringify({ ...json, lighthouse: { targets: LIGHTHOUSE_TARGETS, ...r } }, null, 2)}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runLighthouse()
    .then((r) => {
      writeLighthouseResults(r);
      console.log(`\n${lighthouseMarkdown(r).join('\n')}\n\nwritten: bench/results/latest.{md,json}`);
    })
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
