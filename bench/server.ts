/**
 * The server side of `npm run bench`, run as a child process of bench/run.ts so
 * the load generator and the server do not share one event loop.
 *
 * PGlite (default): a fresh embedded database in BENCH_DIR with 100,000 homes and
 * a few thousand confirmed bookings (multi-row inserts).
 * PostgreSQL (BENCH_DATABASE_URL): 1,000,000 homes over 5,000 places, loaded once
 * by bench/pg-data.ts and reused by later runs.
 * Then builds the real app (search cache off unless BENCH_SEARCH_CACHE_TTL_MS),
 * adds a hello-world route (the ceiling), listens on 127.0.0.1 at a random port
 * and reports back over IPC. Stops on 'stop' or when the parent goes away.
 */
import { loadEnv } from '../src/server/env';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { ensurePgBenchData } from './pg-data';
import { bookings, homes, users } from '../src/server/db/schema';
import { systemClock } from '../src/server/providers/clock/clock';
import { memoryMail } from '../src/server/providers/mail/mail';
import { sandboxPayments } from '../src/server/providers/payments/sandbox-payments';
import { diskStorage } from '../src/server/providers/storage/disk-storage';
import { addDays, calendarDate } from '../src/shared/stay';
import { destination, pointColumns } from '../src/server/features/geo/approximate-point';
import { lookupPlace } from '../src/server/features/geo/gazetteer';

export interface BenchReady {
  type: 'ready';
  mode: 'pglite' | 'postgres';
  port: number;
  homeId: string;
  search: { location: string; checkIn: string; checkOut: string };
  /** Every place's city, for searches that differ on every request. */
  places: string[];
  /** Dates on which every home of search.location is booked (PostgreSQL data only). */
  fullyBooked: { checkIn: string; checkOut: string } | null;
  homes: number;
  bookings: number;
  lisbonHomes: number;
  loadMs: number;
  reused: boolean;
  /** PostgreSQL data: how its tables were read into memory before measuring (pg-data.ts warm). */
  warmed: string | null;
  /** PostgreSQL's version and shared_buffers (null on PGlite). */
  server: string | null;
  searchCacheTtlMs: number;
  pool: number | null;
  clientServed: boolean;
}

const HOMES = Number(process.env.BENCH_HOMES ?? 100_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 5_000);
const BATCH = 1_000;

const CITIES = [
  'Lisbon, Portugal',
  'Porto, Portugal',
  'Barcelona, Spain',
  'Madrid, Spain',
  'Paris, France',
  'Lyon, France',
  'Cape Town, South Africa',
  'Kyoto, Japan',
  'Tokyo, Japan',
  'New York, USA',
  'Chicago, USA',
  'Dhaka, Bangladesh',
  'Berlin, Germany',
  'Rome, Italy',
  'Athens, Greece',
  'Istanbul, Turkey',
  'Mexico City, Mexico',
  'Lima, Peru',
  'Sydney, Australia',
  'Hanoi, Vietnam',
];
const KINDS = ['apartment', 'loft', 'townhouse', 'cottage', 'villa', 'studio', 'cabin', 'guesthouse'];
const ADJECTIVES = ['Sunny', 'Quiet', 'Cosy', 'Bright', 'Spacious', 'Charming', 'Modern', 'Historic', 'Airy', 'Leafy'];

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Loaded = Pick<
  BenchReady,
  'homeId' | 'search' | 'places' | 'fullyBooked' | 'homes' | 'bookings' | 'lisbonHomes' | 'reused' | 'warmed' | 'server'
>;

async function loadPglite(database: Database): Promise<Loaded> {
  const { db } = database;

  const hostId = randomUUID();
  const hostEmail = 'bench-host@stayhub.test';
  await db
    .insert(users)
    .values({ id: hostId, name: 'Bench Host', email: hostEmail, emailVerified: true, role: 'host' });

  const rand = rng(20_260_101);
  const int = (min: number, max: number) => Math.floor(min + rand() * (max - min + 1));
  const today = calendarDate(systemClock.now());
  const search = { location: 'Lisbon', checkIn: addDays(today, 20), checkOut: addDays(today, 23) };

  type HomeRow = typeof homes.$inferInsert & { id: string };
  const all: {
    id: string;
    title: string;
    location: string;
    priceCents: number;
    availableFrom: string;
    availableTo: string;
  }[] = [];
  let lisbonHomes = 0;
  for (let start = 0; start < HOMES; start += BATCH) {
    const rows: HomeRow[] = [];
    for (let i = start; i < Math.min(start + BATCH, HOMES); i++) {
      const location = CITIES[int(0, CITIES.length - 1)]!;
      if (location.startsWith('Lisbon')) lisbonHomes++;
      const from = addDays(today, int(-60, 45));
      const row: HomeRow = {
        id: randomUUID(),
        hostId,
        hostEmail,
        title: `${ADJECTIVES[int(0, ADJECTIVES.length - 1)]} ${KINDS[int(0, KINDS.length - 1)]} #${i + 1}`,
        location,
        description: `Bench home ${i + 1}: a comfortable place to stay in ${location}, close to transport, shops and cafés.`,
        priceCents: int(45, 480) * 100,
        totalGuest: int(1, 12),
        bedrooms: int(1, 6),
        bathrooms: int(1, 4),
        availableFrom: from,
        availableTo: addDays(from, int(7, 365)),
        images: [`/uploads/bench-${i % 50}-1280.webp`, `/uploads/bench-${(i + 7) % 50}-1280.webp`],
        // Within 4 km of the city's centre (the gazetteer's point), as a city's homes spread.
        ...pointColumns(destination(lookupPlace(location)!.point, int(0, 4000), rand() * 2 * Math.PI)),
      };
      rows.push(row);
      all.push({
        id: row.id,
        title: row.title,
        location,
        priceCents: row.priceCents,
        availableFrom: row.availableFrom,
        availableTo: row.availableTo,
      });
    }
    await db.insert(homes).values(rows);
  }

  // One confirmed booking per chosen home (no overlap by construction); half of
  // them cover the searched dates, so the date filter has homes to exclude.
  const picked = new Set<number>();
  while (picked.size < Math.min(BOOKINGS, all.length)) picked.add(int(0, all.length - 1));
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  let n = 0;
  for (const index of picked) {
    const h = all[index]!;
    const overlapSearch = n++ % 2 === 0;
    const checkIn = overlapSearch ? addDays(search.checkIn, -1) : addDays(today, int(40, 120));
    const nights = int(2, 6);
    bookingRows.push({
      homeId: h.id,
      guestEmail: `guest${n}@stayhub.test`,
      hostEmail,
      title: h.title,
      location: h.location,
      image: '/uploads/bench-0-1280.webp',
      nightlyCents: h.priceCents,
      checkIn,
      checkOut: addDays(checkIn, nights),
      nights,
      guests: 2,
      subtotalCents: h.priceCents * nights,
      amountCents: h.priceCents * nights,
      status: 'confirmed',
      confirmedAt: new Date(),
    });
  }
  for (let start = 0; start < bookingRows.length; start += BATCH) {
    await db.insert(bookings).values(bookingRows.slice(start, start + BATCH));
  }
  await db.execute(sql`analyze`);
  return {
    homeId: all[Math.floor(all.length / 2)]!.id,
    search,
    places: CITIES.map((c) => c.split(',')[0]!),
    fullyBooked: null,
    homes: all.length,
    bookings: bookingRows.length,
    lisbonHomes,
    reused: false,
    warmed: null,
    server: null,
  };
}

async function main() {
  const dir = process.env.BENCH_DIR;
  if (!dir) throw new Error('BENCH_DIR is required');
  const started = Date.now();
  const url = process.env.BENCH_DATABASE_URL;
  const pool = Number(process.env.BENCH_PG_POOL ?? 10);
  const database = url ? openPostgres(url, pool) : await openPglite(join(dir, 'db'));
  await database.migrate();
  let loaded: Loaded;
  if (url) {
    const today = calendarDate(systemClock.now());
    const data = await ensurePgBenchData(url, today);
    loaded = {
      homeId: data.homeId,
      search: {
        location: data.bigPlace.split(',')[0]!,
        checkIn: addDays(data.anchor, 20),
        checkOut: addDays(data.anchor, 23),
      },
      places: data.places.map((p) => p.split(',')[0]!),
      fullyBooked: data.fullyBooked,
      homes: data.homes,
      bookings: data.bookings,
      lisbonHomes: data.bigPlaceHomes,
      reused: data.reused,
      warmed: data.warmed,
      server: data.server,
    };
  } else {
    loaded = await loadPglite(database);
  }
  const { db } = database;
  const loadMs = Date.now() - started;
  const searchCacheTtlMs = Number(process.env.BENCH_SEARCH_CACHE_TTL_MS ?? 0);

  const storage = diskStorage(join(dir, 'uploads'));
  const clientDir = join(process.cwd(), 'dist', 'client');
  const clientServed = existsSync(join(clientDir, 'index.html'));
  const app = await buildApp({
    db,
    clock: systemClock,
    storage,
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
    clientDir: clientServed ? clientDir : undefined,
    logger: false,
    // Off by default: every search reaches the database (BENCH_SEARCH_CACHE_TTL_MS turns it on).
    searchCacheTtlMs: loadEnv({ SEARCH_CACHE_TTL_MS: String(searchCacheTtlMs) }).SEARCH_CACHE_TTL_MS,
    // As in production: the suggestions' places are reread at most every PLACES_MAX_AGE_MS (ADR 0064).
    placesMaxAgeMs: loadEnv({}).PLACES_MAX_AGE_MS,
    // As in production (CHECK_RESPONSES unset there): answers are not re-checked against their schemas.
    checkResponses: process.env.CHECK_RESPONSES === 'true',
  });
  // The ceiling: the same Fastify instance, no database.
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('message', (m) => {
    if (m === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());

  const ready: BenchReady = {
    type: 'ready',
    mode: url ? 'postgres' : 'pglite',
    port,
    ...loaded,
    loadMs,
    searchCacheTtlMs,
    pool: url ? pool : null,
    clientServed,
  };
  process.send?.(ready);
}

main().catch((err) => {
  process.send?.({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
