/**
 * ADR 0073's figures: the suggestions' keystroke route of bench/search-shapes.ts at an
 * even rate against a server on the PostgreSQL bench data, read-only (default_transaction_read_only,
 * no migration, no load), with the latencies split by whether a place contains the term (answered
 * by the index) or not (close spellings).
 *   npx tsx bench/suggest-paced.ts  (BENCH_DATABASE_URL, RATE=2041, SECONDS=8 after WARMUP=2)
 * Not bench/run.ts: it never writes to the bench database (no migration, no bench_meta).
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openPostgres } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { systemClock } from '../src/server/providers/clock/clock';
import { memoryMail } from '../src/server/providers/mail/mail';
import { sandboxPayments } from '../src/server/providers/payments/sandbox-payments';
import { diskStorage } from '../src/server/providers/storage/disk-storage';
import { shapeRoutes } from './search-shapes';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const readOnly = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c default_transaction_read_only=on')}`;

async function serve() {
  const { db } = openPostgres(readOnly, 10);
  const app = await buildApp({
    db,
    clock: systemClock,
    storage: diskStorage('/tmp/suggest-paced-uploads'),
    config: {
      publicUrl: 'http://127.0.0.1',
      extraTrustedOrigins: [],
      production: true,
      authSecret: `bench-${randomUUID()}-${randomUUID()}`,
      adminEmails: [],
      google: null,
      mailFrom: 'StayHub <no-reply@stayhub.test>',
    },
    mail: memoryMail(),
    payments: sandboxPayments({ db, clock: systemClock }),
    logger: false,
    searchCacheTtlMs: 0,
    placesMaxAgeMs: loadEnv({}).PLACES_MAX_AGE_MS,
    checkResponses: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.((app.server.address() as AddressInfo).port);
  process.on('disconnect', () => process.exit(0));
}

function pct(sorted: number[], share: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!.toFixed(1) : '-';
}

async function main() {
  const client = new pg.Client({ connectionString: readOnly });
  await client.connect();
  const rows = (await client.query<{ location: string }>('select location from home_locations')).rows;
  await client.end();
  const lower = rows.map((r) => r.location.toLowerCase());
  const cities = rows.map((r) => r.location.split(',')[0]!);
  const route = shapeRoutes({ places: cities, bigPlace: cities[0]!, today: '2026-12-01', bbox: false }).routes.find(
    (r) => r.key === 'suggestKeystrokes',
  )!;
  const child = fork(new URL(import.meta.url).pathname, ['serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  const base = `http://127.0.0.1:${port}`;
  const rate = Number(process.env.RATE ?? 2041);
  const seconds = Number(process.env.SECONDS ?? 8);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const get = (path: string) =>
    new Promise<number>((resolve) =>
      http
        .get(`${base}${path}`, { agent }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)))
        .on('error', () => resolve(0)),
    );
  await Promise.all(Array.from({ length: 50 }, () => get(route.vary!())));
  async function run(seconds: number) {
    const total = Math.round(rate * seconds);
    const all: number[] = [];
    const answered: { q: string; ms: number }[] = [];
    const byKind = { index: [] as number[], close: [] as number[] };
    let bad = 0;
    const start = performance.now();
    await new Promise<void>((resolve) => {
      let next = 0;
      let settled = 0;
      const send = (due: number) => {
        const path = route.vary!();
        void get(path).then((status) => {
          const ms = performance.now() - due;
          if (status !== 200) bad++;
          all.push(ms);
          answered.push({ q: path, ms });
          if (++settled === total) resolve();
        });
      };
      const tick = () => {
        const now = performance.now();
        while (next < total && start + next * (1000 / rate) <= now) send(start + next++ * (1000 / rate));
        if (next < total) setTimeout(tick, 1);
      };
      tick();
    });
    return { total, all, answered, byKind, bad, start };
  }
  await run(Number(process.env.WARMUP ?? 2));
  const { total, all, answered, byKind, bad, start } = await run(seconds);
  const served = total / ((performance.now() - start) / 1000);
  // Afterwards, not while sending: whether a place contains the term (else: close spellings).
  const contained = new Map<string, boolean>();
  for (const { q: path, ms } of answered) {
    const q = decodeURIComponent(path.split('q=')[1]!).toLowerCase();
    if (!contained.has(q)) contained.set(q, q.length < 3 || lower.some((l) => l.includes(q)));
    byKind[contained.get(q) ? 'index' : 'close'].push(ms);
  }
  for (const list of [all, byKind.index, byKind.close]) list.sort((a, b) => a - b);
  console.log(`offered ${rate} req/s for ${seconds} s: served ${served.toFixed(0)} req/s, non-200 ${bad}`);
  console.log(`all   n=${all.length} p50 ${pct(all, 0.5)} p99 ${pct(all, 0.99)} max ${pct(all, 1)} ms`);
  for (const [k, list] of Object.entries(byKind))
    console.log(`${k.padEnd(5)} n=${list.length} p50 ${pct(list, 0.5)} p99 ${pct(list, 0.99)} max ${pct(list, 1)} ms`);
  child.kill('SIGTERM');
  agent.destroy();
}

if (process.argv[2] === 'serve') void serve();
else void main();
