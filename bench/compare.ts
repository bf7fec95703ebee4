/**
 * `npx tsx bench/compare.ts <before.json> [after.json]`: a before/after table of two bench runs
 * (default after: bench/results/latest.json), appended to bench/results/latest.md, so a change's
 * figures stand beside those of the run before it (issue 29). Ratios are each run's own (each
 * divides by its own ceiling); CPU is per request, as bench/cpu.ts reads it.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Route {
  key: string;
  name: string;
  reqPerSec: number;
  p99: number;
  serialMs: number;
  ratio: number;
  load1: number;
  cpu: { serverUs: number; postgresUs: number };
}
interface Run {
  date: string;
  ceiling: { used: number };
  routes: Route[];
}

const results = join(dirname(fileURLToPath(import.meta.url)), 'results');
const [beforePath, afterPath = join(results, 'latest.json')] = process.argv.slice(2);
if (!beforePath) throw new Error('usage: tsx bench/compare.ts <before.json> [after.json]');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Run;
const before = read(beforePath);
const after = read(afterPath);
const old = new Map(before.routes.map((r) => [r.key, r]));
const cell = (r: Route | undefined) =>
  r
    ? `${r.reqPerSec} (${(r.ratio * 100).toFixed(1)}%) | ${r.p99} | ${r.serialMs} | ${r.cpu.serverUs} / ${r.cpu.postgresUs}`
    : '– | – | – | –';
const lines = [
  '',
  `## Before and after (${basename(beforePath)} → ${basename(afterPath)})`,
  '',
  `Before: ${before.date}, ceiling ${before.ceiling.used} req/s. After: ${after.date}, ceiling ${after.ceiling.used} req/s. ` +
    'Each ratio divides by its own run\'s ceiling. "alone": median of 30 sequential requests. CPU: µs per request, server / PostgreSQL.',
  '',
  '| route | before req/s (ratio) | p99 ms | alone ms | CPU | after req/s (ratio) | p99 ms | alone ms | CPU |',
  '|---|---|---|---|---|---|---|---|---|',
  ...after.routes.map((r) => `| ${r.name} | ${cell(old.get(r.key))} | ${cell(r)} |`),
  '',
];
appendFileSync(join(results, 'latest.md'), lines.join('\n'));
console.log(lines.join('\n'));
