/**
 * The PostgreSQL data set of `npm run bench` (BENCH_DATABASE_URL): 1,000,000 homes over
 * 5,000 places, one of them ("Lisbon, Portugal") with 10,000 homes, and 50,000 confirmed
 * bookings, 10,000 of them filling one week of every Lisbon home (the fully booked case).
 *
 * Loaded in a few set-based statements (generate_series), not row by row, and kept: a
 * `bench_meta` row records the data version (sizes, generator, the last migration) and the
 * day the dates are anchored to, so a rerun reuses the loaded database.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addDays } from '../src/shared/stay';
import { largestCities, lookupPlace } from '../src/server/features/geo/gazetteer';

export interface PgBenchData {
  homes: number;
  bookings: number;
  bigPlace: string;
  bigPlaceHomes: number;
  places: string[];
  /** The week every home of the big place is booked. */
  fullyBooked: { checkIn: string; checkOut: string };
  /** Dates searches may use: on and after this day. */
  anchor: string;
  homeId: string;
  loadMs: number;
  reused: boolean;
  /** How the searched tables were read into memory before measuring, and how long it took. */
  warmed: string;
  /** The server's version and the memory setting that decides how much of the data it holds itself. */
  server: string;
}

const HOMES = Number(process.env.BENCH_HOMES ?? 1_000_000);
const PLACES = 5_000;
const BIG_PLACE = 'Lisbon, Portugal';
/** Every BIG_EVERY-th home is in the big place: 10,000 of 1,000,000. */
const BIG_EVERY = 100;
const OTHER_BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 50_000) - Math.floor(HOMES / BIG_EVERY);
/**
 * 3: homes carry published-review counts and sums (the rating sort, issue 13). 4: place names with
 * prefix families and a skewed number of homes per place (issue 29), weekend prices on one home in
 * ten and a low-season price period on one in fifty (the dated price sort, issue 27), and points
 * (issue 29): each made-up place sits on one of its country's 50 largest real cities, its homes
 * within 4 km of it, each public point 201-499 m from the exact one.
 */
const GENERATOR = 4;

const SYLLABLES = [...'bcdfgklmnprstvz'].flatMap((c) => [...'aeiou'].map((v) => c + v));
const COUNTRIES = [
  'Portugal',
  'Spain',
  'France',
  'Italy',
  'Greece',
  'Japan',
  'Peru',
  'Chile',
  'Kenya',
  'Norway',
  'Canada',
  'Mexico',
  'Vietnam',
  'Morocco',
  'Brazil',
  'Ireland',
  'Austria',
  'Poland',
  'Turkey',
  'Iceland',
];

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where each place is: a real city of its country (the gazetteer's), the same on every load. */
function placeCentres(places: string[]): { lats: number[]; lngs: number[] } {
  const cities = new Map(COUNTRIES.map((country) => [country, largestCities(country, 50)]));
  const centres = places.map((place, i) => {
    const country = place.slice(place.lastIndexOf(',') + 1).trim();
    const list = cities.get(country) ?? [];
    return list.length ? list[i % list.length]!.point : lookupPlace(BIG_PLACE)!.point;
  });
  return { lats: centres.map((c) => c.lat), lngs: centres.map((c) => c.lng) };
}

/**
 * Names people type as a prefix (issue 29): families of places sharing a first word, so "San",
 * "New", "Port" match hundreds of places each, as in real gazetteers (San Jose, New Haven, Port Louis).
 */
const FAMILIES: [prefix: string, count: number][] = [
  ['San', 400],
  ['Santa', 150],
  ['New', 300],
  ['Port', 250],
  ['Porto', 40],
];

/**
 * 4,999 place names besides the big place: "Porto, Portugal" (the real city whose name is a prefix
 * of "Portugal"), the prefix families above ("San Kamoru, Peru"), and made-up ones ("Kamoru, Peru");
 * distinct, deterministic, shuffled so the families spread over big and small places.
 */
function placeNames(): string[] {
  const rand = rng(20_260_101);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const word = () => {
    const w = pick(SYLLABLES) + pick(SYLLABLES) + pick(SYLLABLES) + (rand() < 0.5 ? pick(['n', 'r', 's', 'l']) : '');
    return w[0]!.toUpperCase() + w.slice(1);
  };
  const names = new Set<string>(['Porto, Portugal']);
  for (const [prefix, count] of FAMILIES) {
    const end = names.size + count;
    while (names.size < end) names.add(`${prefix} ${word()}, ${pick(COUNTRIES)}`);
  }
  while (names.size < PLACES - 1) {
    const city = word();
    if (!city.toLowerCase().startsWith('lis')) names.add(`${city}, ${pick(COUNTRIES)}`);
  }
  const list = [...names];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * For each migration, its tag and a hash of its SQL and every one before it (the last one is the
 * data version's): a migration edited before it landed (same tag, other text) must reload the data
 * too, or the bench runs an old schema.
 */
function migrationVersions(): string[] {
  const folder = fileURLToPath(new URL('../src/server/db/migrations/', import.meta.url));
  const journal = JSON.parse(readFileSync(`${folder}meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
  const hash = createHash('sha256');
  const versions: string[] = [];
  for (const { tag } of journal.entries) {
    hash.update(readFileSync(`${folder}${tag}.sql`));
    versions.push(`${tag}-${hash.copy().digest('hex').slice(0, 12)}`);
  }
  return versions.length > 0 ? versions : ['none'];
}

export async function ensurePgBenchData(connectionString: string, today: string): Promise<PgBenchData> {
  const started = Date.now();
  const places = placeNames();
  const sizes = `g${GENERATOR}-h${HOMES}-p${PLACES}-b${OTHER_BOOKINGS}`;
  const migrations = migrationVersions();
  const version = `${sizes}-${migrations.at(-1)}`;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`create table if not exists bench_meta (version text not null, anchor date not null)`);
    const meta = await client.query<{ version: string; anchor: string }>(
      `select version, to_char(anchor, 'YYYY-MM-DD') as anchor from bench_meta`,
    );
    const current = meta.rows[0];
    // Reuse while the searched dates (anchor + 1 .. anchor + 200) are still ahead.
    // Data loaded at an earlier migration is reused when only later migrations were added since: the
    // server migrated it before this (bench/server.ts), as a production database is migrated, and a
    // migration that adds a summary fills it from homes (a full reload of 1,000,000 homes takes
    // many minutes). A migration the bench must load differently for bumps GENERATOR.
    const loadedAt = current ? migrations.findIndex((m) => current.version === `${sizes}-${m}`) : -1;
    const reused = loadedAt >= 0 && addDays(current!.anchor, 30) >= today;
    const anchor = reused ? current!.anchor : today;
    if (!reused) await load(client, places, anchor, version);
    else if (current!.version !== version) {
      await client.query(`update bench_meta set version = $1`, [version]);
      await client.query(`analyze`);
    }
    await ensureAllVisible(client);
    const warmed = await warm(client);
    const settings = (
      await client.query<{ version: string; buffers: string }>(
        `select current_setting('server_version') as version, current_setting('shared_buffers') as buffers`,
      )
    ).rows[0]!;
    const [{ id: homeId } = { id: '' }] =
      // The middle home by insertion order (seq need not start at 1: a reload continues the sequence).
      (
        await client.query<{ id: string }>(
          `select id from homes order by seq offset (select count(*) / 2 from homes) limit 1`,
        )
      ).rows;
    const counts = (
      await client.query<{ homes: number; bookings: number; big: number }>(
        `select (select count(*)::int from homes) as homes, (select count(*)::int from bookings) as bookings,
                (select home_count from home_locations where location = $1) as big`,
        [BIG_PLACE],
      )
    ).rows[0]!;
    return {
      homes: counts.homes,
      bookings: counts.bookings,
      bigPlace: BIG_PLACE,
      bigPlaceHomes: counts.big,
      places: [BIG_PLACE, ...places],
      fullyBooked: { checkIn: addDays(anchor, 60), checkOut: addDays(anchor, 67) },
      anchor: addDays(today, 0) > anchor ? today : anchor,
      homeId,
      loadMs: Date.now() - started,
      reused,
      warmed,
      server: `PostgreSQL ${settings.version.split(' ')[0]} with shared_buffers ${settings.buffers}`,
    };
  } finally {
    await client.end();
  }
}

/**
 * Reads the homes table and the indexes a search walks once, so the figures are those of a
 * database server whose working set is in memory, as it is after running for a while. Without it
 * a run right after other work on the machine (a test suite) read the 1.2 GB homes table from disk
 * during the first routes: 56% of the cores idle, p99 556 ms. This is the operating system's file
 * cache, not a cache of answers: every search still runs its statement in PostgreSQL.
 */
const WARMED = ['homes', 'homes_pkey', 'homes_location_idx', 'home_locations', 'bookings'];

async function warm(client: pg.Client): Promise<string> {
  const t = Date.now();
  try {
    await client.query(`create extension if not exists pg_prewarm`);
    for (const relation of WARMED) await client.query(`select pg_prewarm($1::regclass, 'read')`, [relation]);
    // A server with the memory for them holds them in shared_buffers too, as it would after a while.
    const { rows } = await client.query<{ fits: boolean }>(
      `select sum(pg_relation_size(r::regclass)) < pg_size_bytes(current_setting('shared_buffers')) * 0.9 as fits
       from unnest($1::text[]) as r`,
      [WARMED],
    );
    if (rows[0]?.fits) {
      for (const relation of WARMED) await client.query(`select pg_prewarm($1::regclass, 'buffer')`, [relation]);
      return `${WARMED.join(', ')} read into memory with pg_prewarm ('read', then 'buffer': they fit in shared_buffers) in ${Date.now() - t} ms`;
    }
    return `${WARMED.join(', ')} read into memory with pg_prewarm ('read') in ${Date.now() - t} ms`;
  } catch {
    // Without the contrib extension: a sequential read of the table (its indexes warm as searches run).
    await client.query(`select count(*) from homes where api_json <> ''`);
    return `homes read into memory by a sequential scan in ${Date.now() - t} ms (pg_prewarm not available)`;
  }
}

const LOADED = ['homes', 'bookings', 'home_locations', 'users', 'price_periods'];

/**
 * The loaded tables all-visible, as autovacuum keeps them on a server that has been running, so an
 * index-only read does not visit the heap. The load commits asynchronously, and VACUUM marks no page
 * all-visible while a row's commit is not yet flushed: the tables written last (bookings,
 * price_periods) were left not all-visible, and autovacuum, its insert count reset by that VACUUM,
 * never came back for them. A checkpoint flushes the commits, then VACUUM marks them (on reused data
 * it reads only the pages changed since, in well under a second).
 */
async function ensureAllVisible(client: pg.Client): Promise<void> {
  await client.query(`checkpoint`);
  // index_cleanup on: with few dead rows VACUUM skips the indexes and leaves those rows' pages unmarked.
  await client.query(`vacuum (index_cleanup on) ${LOADED.join(', ')}`);
  const { rows } = await client.query<{ relname: string }>(
    `select relname from pg_class where relname = any($1::text[]) and relpages > 0 and relallvisible < relpages`,
    [LOADED],
  );
  if (rows.length > 0)
    console.warn(`  bench data: not all-visible after VACUUM: ${rows.map((r) => r.relname).join(', ')}`);
}

async function load(client: pg.Client, places: string[], anchor: string, version: string) {
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t = Date.now();
    await client.query(text, values);
    console.log(`  bench data: ${label} (${Math.round((Date.now() - t) / 100) / 10} s)`);
  };
  console.log(`  bench data: loading ${version} into PostgreSQL (once; later runs reuse it)`);
  // The ledger's tables refuse TRUNCATE (migration 0029) and the cascade reaches them; the bench's
  // own throwaway database is emptied with ordinary triggers off (needs a superuser, as the bench has),
  // so the summaries those triggers keep from homes are emptied with it (or a reload doubles them).
  await client.query(`set session_replication_role = replica`);
  await step(
    'empty',
    `truncate bench_meta, bookings, payment_intents, payment_events, homes, home_locations, home_price_stats, home_price_dollars, users restart identity cascade`,
  );
  await client.query(`set session_replication_role = origin`);
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);
  await client.query(
    `insert into users (id, name, email, email_verified, role) values ('bench-host', 'Bench Host', 'bench-host@stayhub.test', true, 'host')`,
  );
  const centres = placeCentres(places);
  const lisbon = lookupPlace(BIG_PLACE)!.point;
  // h(g, k): a deterministic pseudo-random non-negative integer per home and purpose.
  await step(
    `${HOMES} homes`,
    `with p as (select $1::text[] as places, $3::float8[] as lats, $4::float8[] as lngs)
     insert into homes (host_id, host_email, title, location, description, price_cents, total_guest, bedrooms,
                        bathrooms, available_from, available_to, images, rating_count, rating_sum, weekend_price_cents,
                        lat, lng, approx_lat, approx_lng)
     select 'bench-host', 'bench-host@stayhub.test',
            (array['Sunny','Quiet','Cosy','Bright','Spacious','Charming','Modern','Historic','Airy','Leafy'])[1 + h1 % 10]
              || ' ' || (array['apartment','loft','townhouse','cottage','villa','studio','cabin','guesthouse'])[1 + h2 % 8]
              || ' #' || g,
            loc,
            'Bench home ' || g || ': a comfortable place to stay in ' || loc || ', close to transport, shops and cafés.',
            (45 + h1 % 436) * 100, 1 + h2 % 12, 1 + h3 % 6, 1 + h1 % 4,
            $2::date - 30 + h3 % 30,
            $2::date + case when g % ${BIG_EVERY} = 0 then 200 else 60 end + h2 % 300,
            array['/uploads/bench-' || g % 50 || '-1280.webp', '/uploads/bench-' || (g + 7) % 50 || '-1280.webp'],
            rc, rc * 3 + (h1 / 11) % (2 * rc + 1),
            case when h3 % 10 = 0 then (45 + h1 % 436) * 120 end,
            round(lat::numeric, 6), round(lng::numeric, 6),
            -- The public point: 201-499 m away in a direction of its own (flat: exact enough at this distance).
            round((lat + (201 + h4 % 298) * cos(radians(h5 % 360)) / 111195)::numeric, 6),
            round((lng + (201 + h4 % 298) * sin(radians(h5 % 360)) / (111195 * cos(radians(lat))))::numeric, 6)
     from (
       select *,
              -- Within 4 km of the place's city, north-south and east-west.
              clat + ((h4 / 7) % 8001 - 4000) / 111195.0 as lat,
              clng + ((h5 / 7) % 8001 - 4000) / (111195.0 * cos(radians(clat))) as lng
       from (
       select g, case when big then '${BIG_PLACE}' else places[pi] end as loc,
              case when big then ${lisbon.lat} else lats[pi] end as clat,
              case when big then ${lisbon.lng} else lngs[pi] end as clng, h1, h2, h3, h4, h5, rc
       from (
       select g, lats, lngs, places, g % ${BIG_EVERY} = 0 as big,
              -- Skewed: place i of the shuffled list takes a share like sqrt((i+1)/n) - sqrt(i/n), from
              -- about 14,000 homes for the first to about 100 for the last, as big and small towns.
              1 + least(${PLACES - 2}, floor(${PLACES - 1} * power((hashint4(g + 6000011) & 2147483647)::float8 / 2147483648, 2))::int) as pi,
              hashint4(g + 5000011) & 2147483647 as h4, hashint4(g + 7000013) & 2147483647 as h5,
              hashint4(g) & 2147483647 as h1, hashint4(g + 1000003) & 2147483647 as h2,
              hashint4(g + 2000003) & 2147483647 as h3,
              -- Three homes in five have published reviews (1-40, averaging 3 to 5): the rating sort's data.
              case when (hashint4(g + 3000017) & 2147483647) % 5 < 3
                then 1 + (hashint4(g + 4000037) & 2147483647) % 40 else 0 end as rc
       from p, generate_series(1, ${HOMES}) as g
       ) s0 ) s1
     ) s
     order by g`,
    [places, anchor, centres.lats, centres.lngs],
  );
  // Bulk load: the confirmed-nights triggers are off while bookings go in, then one
  // set-based statement fills homes.confirmed_nights and its upcoming part (as migrations 0008 and 0017 do).
  await client.query(`alter table bookings disable trigger bookings_nights_insert`);
  // The big place is fully booked for one week; other bookings fall on other homes, any time ahead.
  const bookingColumns = `home_id, guest_email, host_email, title, location, image, nightly_cents, check_in, check_out,
                          nights, guests, subtotal_cents, amount_cents, status, confirmed_at`;
  await step(
    'fully booked week in the big place',
    `insert into bookings (${bookingColumns})
     select id, 'guest' || seq || '@stayhub.test', host_email, title, location, images[1], price_cents,
            $1::date + 60, $1::date + 67, 7, 2, price_cents * 7, price_cents * 7, 'confirmed', now()
     from homes where location = '${BIG_PLACE}'`,
    [anchor],
  );
  await step(
    `${OTHER_BOOKINGS} other bookings`,
    `insert into bookings (${bookingColumns})
     select id, 'guest' || seq || '@stayhub.test', host_email, title, location, images[1], price_cents,
            $1::date + 1 + n, $1::date + 1 + n + nights, nights, 2, price_cents * nights, price_cents * nights, 'confirmed', now()
     from (
       select h.*, (hashint4(seq::int + 5000011) & 2147483647) % 180 as n, 1 + (hashint4(seq::int) & 2147483647) % 7 as nights
       from homes h
       where location <> '${BIG_PLACE}' and seq % 20 = 3
       order by seq
       limit ${OTHER_BOOKINGS}
     ) s`,
    [anchor],
  );
  await client.query(`alter table bookings enable trigger bookings_nights_insert`);
  // One home in fifty has a low season: 30% off for a month a few weeks ahead (the dated price sort).
  await step(
    'price periods',
    `insert into price_periods (home_id, from_date, to_date, price_cents)
     select id, $1::date + 20 + seq::int % 20, $1::date + 50 + seq::int % 20, greatest(100, price_cents * 7 / 10)
     from homes where seq % 50 = 7`,
    [anchor],
  );
  await step(
    'confirmed nights per home',
    `update homes as h set confirmed_nights = c.nights, upcoming_from = homes_upcoming_from(c.nights),
       upcoming_nights = homes_upcoming_nights(c.nights, homes_upcoming_from(c.nights), h.location, h.host_email)
     from (select home_id, range_agg(stay) as nights from bookings
           where status = 'confirmed' and home_id is not null group by home_id) as c
     where h.id = c.home_id`,
  );
  await client.query(`set synchronous_commit = on`);
  await step('all-visible', `checkpoint`);
  await step('vacuum analyze', `vacuum (analyze) ${LOADED.join(', ')}`);
  await client.query(`insert into bench_meta (version, anchor) values ($1, $2)`, [version, anchor]);
}
