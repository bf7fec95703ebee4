/**
 * Demo data for a first start: the demo accounts (admin, two hosts, a guest)
 * and 28 homes in 7 cities, each with pictures StayHub draws itself; some of
 * them with past stays and reviews (demo-reviews.ts).
 *
 * Idempotent: when any home exists, only the demo accounts are ensured.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, calendarDate } from '#shared/stay';
import type { Db } from '../db/client';
import type { LedgerSettings } from '../app-context';
import { accounts, homes, users } from '../db/schema';
import type { Clock } from '../providers/clock/clock';
import type { StorageProvider } from '../providers/storage/storage';
import { seedDemoReviews } from './demo-reviews';
import type { GeoPoint } from '#shared/schemas/geo';
import { destination, pointColumns } from '../features/geo/approximate-point';
import {
  storeDemoImages,
  type Backdrop,
  type BuildingKind,
  type RoomKind,
  type Scene,
  type TimeOfDay,
} from './demo-images';

export const DEMO_PASSWORD = 'stayhub-demo-2026';

/** `role` is a label; `dbRole` is what users.role holds (null = no role, an ordinary guest). */
export interface DemoAccount {
  role: 'admin' | 'host' | 'guest';
  dbRole: 'admin' | 'host' | null;
  name: string;
  email: string;
  password: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', dbRole: 'admin', name: 'StayHub Admin', email: 'admin@stayhub.test', password: DEMO_PASSWORD },
  { role: 'host', dbRole: 'host', name: 'Marta Costa', email: 'host@stayhub.test', password: DEMO_PASSWORD },
  { role: 'host', dbRole: 'host', name: 'Kenji Watanabe', email: 'host2@stayhub.test', password: DEMO_PASSWORD },
  { role: 'guest', dbRole: null, name: 'Sam Rivera', email: 'guest@stayhub.test', password: DEMO_PASSWORD },
];

export interface SeedDeps {
  db: Db;
  storage: StorageProvider;
  clock: Clock;
  /** The ledger's settings (CURRENCY) for the past stays' payments. */
  ledger?: LedgerSettings;
  log?: (message: string) => void;
}

export interface SeedResult {
  /** True when homes were inserted by this call. */
  seeded: boolean;
  accounts: DemoAccount[];
}

type HostKey = 'host' | 'host2';

interface DemoHome {
  title: string;
  location: string;
  price: number; // dollars per night
  guests: number;
  bedrooms: number;
  bathrooms: number;
  /** Days from today to the first available date, and the length of the window in days. */
  window: [start: number, length: number];
  host: HostKey;
  building: BuildingKind;
  backdrop: Backdrop;
  time: TimeOfDay;
  description: string;
}

const LISBON = 'Lisbon, Portugal';
const BARCELONA = 'Barcelona, Spain';
const PARIS = 'Paris, France';
const CAPE_TOWN = 'Cape Town, South Africa';
const KYOTO = 'Kyoto, Japan';
const NEW_YORK = 'New York, USA';
const DHAKA = 'Dhaka, Bangladesh';

/** Each demo city's own time zone (ADR 0035). */
export const DEMO_CITY_TIME_ZONES: Readonly<Record<string, string>> = {
  [LISBON]: 'Europe/Lisbon',
  [BARCELONA]: 'Europe/Madrid',
  [PARIS]: 'Europe/Paris',
  [CAPE_TOWN]: 'Africa/Johannesburg',
  [KYOTO]: 'Asia/Tokyo',
  [NEW_YORK]: 'America/New_York',
  [DHAKA]: 'Asia/Dhaka',
};

/**
 * Each demo city's centre, as the gazetteer has it (GeoNames; demo-data.test.ts checks they agree),
 * written out so seeding does not load the gazetteer.
 */
export const DEMO_CITY_POINTS: Readonly<Record<string, GeoPoint>> = {
  [LISBON]: { lat: 38.71667, lng: -9.13333 },
  [BARCELONA]: { lat: 41.38879, lng: 2.15899 },
  [PARIS]: { lat: 48.85341, lng: 2.3488 },
  [CAPE_TOWN]: { lat: -33.92584, lng: 18.42322 },
  [KYOTO]: { lat: 35.02107, lng: 135.75385 },
  [NEW_YORK]: { lat: 40.71427, lng: -74.00597 },
  [DHAKA]: { lat: 23.7104, lng: 90.40744 },
};

/**
 * Where the i-th demo home stands: around its city's centre, 0.5 to 4 km out in a golden-angle
 * spiral, so a city's homes spread over town instead of sharing a pin (the same on every seed).
 */
export function demoHomePoint(location: string, i: number): GeoPoint {
  const centre = DEMO_CITY_POINTS[location]!;
  return destination(centre, 500 + ((i * 1_237) % 3_500), i * 2.399963);
}

/** In display order (newest first): the home page's first four come from four cities. */
export const DEMO_HOMES: readonly DemoHome[] = [
  {
    title: 'Sunlit Alfama apartment with river view',
    location: LISBON,
    price: 95,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    window: [0, 180],
    host: 'host',
    building: 'apartment',
    backdrop: 'river',
    time: 'golden',
    description:
      'A bright second-floor flat on a cobbled lane in Alfama, a short walk from the Sé cathedral and the 28 tram. The living room opens onto a narrow balcony with a view across the rooftops to the Tagus. On summer evenings you can hear fado drifting up from the tavern on the corner.',
  },
  {
    title: 'Modernista flat on Passeig de Gràcia',
    location: BARCELONA,
    price: 240,
    guests: 5,
    bedrooms: 2,
    bathrooms: 2,
    window: [0, 150],
    host: 'host',
    building: 'townhouse',
    backdrop: 'city',
    time: 'golden',
    description:
      'High ceilings, mosaic floors and a wrought-iron balcony on one of the city’s most elegant avenues. Casa Batlló is a five-minute walk away. Two double bedrooms and a sofa bed in the study sleep five.',
  },
  {
    title: 'Camps Bay villa with ocean deck',
    location: CAPE_TOWN,
    price: 480,
    guests: 12,
    bedrooms: 6,
    bathrooms: 5,
    window: [0, 180],
    host: 'host',
    building: 'villa',
    backdrop: 'sea',
    time: 'golden',
    description:
      'A six-bedroom villa above Camps Bay beach with an infinity pool, an outdoor braai and a deck that faces the sunset over the Atlantic. Housekeeping is included every day, and there is parking for three cars.',
  },
  {
    title: 'Machiya townhouse in Higashiyama',
    location: KYOTO,
    price: 230,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    window: [0, 160],
    host: 'host',
    building: 'house',
    backdrop: 'temple-hills',
    time: 'dusk',
    description:
      'A restored wooden machiya with tatami rooms, a small inner garden and a cedar soaking tub. Kiyomizu-dera and the lanes of Ninenzaka are a short walk up the hill. Go early in the morning, before the crowds arrive.',
  },
  {
    title: 'Haussmann apartment near the Canal Saint-Martin',
    location: PARIS,
    price: 210,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    window: [0, 120],
    host: 'host',
    building: 'townhouse',
    backdrop: 'city',
    time: 'dawn',
    description:
      'A fifth-floor apartment with a lift, parquet floors and tall windows over a tree-lined street in the 10th arrondissement. Mornings start with croissants from the bakery downstairs and a walk along the canal locks.',
  },
  {
    title: 'Brooklyn brownstone garden floor',
    location: NEW_YORK,
    price: 220,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    window: [0, 150],
    host: 'host',
    building: 'townhouse',
    backdrop: 'city',
    time: 'day',
    description:
      'The garden level of a Park Slope brownstone, with exposed brick, a gas fireplace and a private backyard. Prospect Park is two blocks east. The F and G trains get you to Manhattan in about twenty minutes.',
  },
  {
    title: 'Gulshan lakeside apartment',
    location: DHAKA,
    price: 65,
    guests: 4,
    bedrooms: 2,
    bathrooms: 2,
    window: [0, 180],
    host: 'host',
    building: 'apartment',
    backdrop: 'river',
    time: 'golden',
    description:
      'A serviced apartment overlooking Gulshan Lake, in the city’s quiet diplomatic quarter. It comes with a backup generator, filtered water and a daily cleaner. A driver can be booked for trips into Old Dhaka.',
  },
  {
    title: 'Tiled townhouse near Príncipe Real',
    location: LISBON,
    price: 180,
    guests: 6,
    bedrooms: 3,
    bathrooms: 2,
    window: [21, 120],
    host: 'host',
    building: 'townhouse',
    backdrop: 'hills',
    time: 'day',
    description:
      'A three-storey townhouse behind its original azulejo facade, restored with oak floors and a modern kitchen. The top bedroom has a reading nook under the eaves. The garden of Príncipe Real, with its great cedar, is two streets away.',
  },
  {
    title: 'Barceloneta beach loft',
    location: BARCELONA,
    price: 135,
    guests: 3,
    bedrooms: 1,
    bathrooms: 1,
    window: [14, 90],
    host: 'host',
    building: 'apartment',
    backdrop: 'sea',
    time: 'day',
    description:
      'A loft two blocks from the sand, with a mezzanine bedroom and a kitchen window over the morning market. Two bikes are included, so you can ride the seafront all the way to Poblenou.',
  },
  {
    title: 'Montmartre atelier with skyline view',
    location: PARIS,
    price: 175,
    guests: 2,
    bedrooms: 1,
    bathrooms: 1,
    window: [7, 12],
    host: 'host',
    building: 'townhouse',
    backdrop: 'city',
    time: 'night',
    description:
      'A former painter’s studio at the top of Montmartre, with a glass wall facing the rooftops and, on a clear night, the Eiffel Tower. Steep stairs and no lift. Worth every step.',
  },
  {
    title: 'Bo-Kaap cottage under Table Mountain',
    location: CAPE_TOWN,
    price: 85,
    guests: 3,
    bedrooms: 1,
    bathrooms: 1,
    window: [0, 120],
    host: 'host',
    building: 'house',
    backdrop: 'table-mountain',
    time: 'day',
    description:
      'A brightly painted cottage on a cobbled street in the Bo-Kaap, with Table Mountain filling the view from the stoep. The Company’s Garden and the city centre are a short walk away, and the Waterfront is a quick ride.',
  },
  {
    title: 'Modern apartment near Kyoto Station',
    location: KYOTO,
    price: 75,
    guests: 3,
    bedrooms: 1,
    bathrooms: 1,
    window: [0, 120],
    host: 'host',
    building: 'apartment',
    backdrop: 'temple-hills',
    time: 'night',
    description:
      'A compact, spotless apartment two minutes from the Hachijo exit, handy for day trips to Nara and Osaka. A pocket Wi-Fi router and the coin laundry downstairs make it easy to travel light.',
  },
  {
    title: 'Midtown high-rise studio',
    location: NEW_YORK,
    price: 190,
    guests: 2,
    bedrooms: 1,
    bathrooms: 1,
    window: [0, 60],
    host: 'host',
    building: 'apartment',
    backdrop: 'city',
    time: 'night',
    description:
      'A studio on the 31st floor with floor-to-ceiling windows facing the Empire State Building. The building has a doorman, a gym and a rooftop lounge. Times Square and Grand Central are both within walking distance.',
  },
  {
    title: 'Dhanmondi family house with rooftop garden',
    location: DHAKA,
    price: 90,
    guests: 8,
    bedrooms: 4,
    bathrooms: 3,
    window: [0, 120],
    host: 'host',
    building: 'house',
    backdrop: 'city',
    time: 'dusk',
    description:
      'A four-bedroom house with a rooftop garden in leafy Dhanmondi, near the lake and the evening concerts at Rabindra Sarobar. The hosts live nearby and are happy to arrange home-cooked meals. There is room for the whole family and then some.',
  },
  {
    title: 'Cascais seaside villa with pool',
    location: LISBON,
    price: 420,
    guests: 10,
    bedrooms: 5,
    bathrooms: 4,
    window: [0, 240],
    host: 'host2',
    building: 'villa',
    backdrop: 'sea',
    time: 'golden',
    description:
      'A whitewashed villa in the hills above Cascais, forty minutes from central Lisbon by train. The terrace and saltwater pool face the Atlantic, and five bedrooms sleep ten. Made for family reunions and long dinners outside.',
  },
  {
    title: 'Hillside house in Gràcia with roof terrace',
    location: BARCELONA,
    price: 165,
    guests: 6,
    bedrooms: 3,
    bathrooms: 2,
    window: [0, 200],
    host: 'host',
    building: 'house',
    backdrop: 'hills',
    time: 'dusk',
    description:
      'A quiet family house on a sloping street below Park Güell. The roof terrace looks out to the Sagrada Família and catches the sunset. A washing machine, a cot on request and fast Wi-Fi make longer stays easy.',
  },
  {
    title: 'Family flat in the Latin Quarter',
    location: PARIS,
    price: 260,
    guests: 6,
    bedrooms: 3,
    bathrooms: 2,
    window: [21, 150],
    host: 'host',
    building: 'apartment',
    backdrop: 'city',
    time: 'day',
    description:
      'A spacious flat close to the Panthéon and the Luxembourg Gardens, with three bedrooms and a proper dining table for six. Bookshops, cafés and the Seine are all within ten minutes on foot.',
  },
  {
    title: 'Sea Point apartment with promenade views',
    location: CAPE_TOWN,
    price: 120,
    guests: 4,
    bedrooms: 2,
    bathrooms: 2,
    window: [10, 60],
    host: 'host2',
    building: 'apartment',
    backdrop: 'sea',
    time: 'dusk',
    description:
      'A modern apartment across the road from the Sea Point promenade, where locals walk, run and swim in the tidal pools. Both bedrooms have sea views. The building has a backup generator for load-shedding.',
  },
  {
    title: 'Arashiyama riverside house',
    location: KYOTO,
    price: 195,
    guests: 6,
    bedrooms: 3,
    bathrooms: 2,
    window: [28, 100],
    host: 'host',
    building: 'house',
    backdrop: 'hills',
    time: 'dawn',
    description:
      'A family house near the Katsura River, ten minutes on foot from the bamboo grove. Borrow the bikes in the hallway, or take the Sagano scenic train along the gorge.',
  },
  {
    title: 'Harlem family apartment on Strivers’ Row',
    location: NEW_YORK,
    price: 160,
    guests: 7,
    bedrooms: 3,
    bathrooms: 2,
    window: [14, 120],
    host: 'host2',
    building: 'apartment',
    backdrop: 'city',
    time: 'day',
    description:
      'A sunny three-bedroom apartment on one of Harlem’s most beautiful blocks, close to the 2 and 3 trains. Soul food, jazz clubs and Marcus Garvey Park are all nearby. A travel cot and a high chair are provided.',
  },
  {
    title: 'Old Dhaka heritage rooms',
    location: DHAKA,
    price: 45,
    guests: 2,
    bedrooms: 1,
    bathrooms: 1,
    window: [20, 90],
    host: 'host2',
    building: 'townhouse',
    backdrop: 'river',
    time: 'day',
    description:
      'Two rooms in a restored merchant’s house near Ahsan Manzil, with carved wooden balconies over the lane. Cross the Buriganga by wooden boat at sunrise. Breakfast is bakarkhani from the stall on the corner.',
  },
  {
    title: 'Compact studio by Cais do Sodré',
    location: LISBON,
    price: 58,
    guests: 2,
    bedrooms: 1,
    bathrooms: 1,
    window: [5, 10],
    host: 'host',
    building: 'apartment',
    backdrop: 'city',
    time: 'night',
    description:
      'A well-designed studio for two, steps from the Time Out Market and the ferry to Cacilhas. Blackout curtains and double glazing keep the nightlife outside where it belongs.',
  },
  {
    title: 'Sitges garden villa',
    location: BARCELONA,
    price: 310,
    guests: 8,
    bedrooms: 4,
    bathrooms: 3,
    window: [30, 120],
    host: 'host2',
    building: 'villa',
    backdrop: 'sea',
    time: 'golden',
    description:
      'A Mediterranean villa in Sitges, forty minutes down the coast from Barcelona, in a garden of olive and lemon trees. All four bedrooms open onto the patio. The old town and its beaches are a ten-minute stroll downhill.',
  },
  {
    title: 'Garden cottage in Vincennes',
    location: PARIS,
    price: 140,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    window: [0, 90],
    host: 'host2',
    building: 'house',
    backdrop: 'hills',
    time: 'golden',
    description:
      'A small house with a private garden just outside the Périphérique, three minutes from metro line 1. The Bois de Vincennes and its lake are at the end of the road. Good for morning runs and long picnics.',
  },
  {
    title: 'Constantia vineyard cabin',
    location: CAPE_TOWN,
    price: 150,
    guests: 2,
    bedrooms: 1,
    bathrooms: 1,
    window: [3, 9],
    host: 'host',
    building: 'cabin',
    backdrop: 'hills',
    time: 'golden',
    description:
      'A timber cabin on the edge of a working vineyard in Constantia, twenty-five minutes from the city. A wood stove, a hot tub under the oaks and tastings at the cellar door make for a slow weekend.',
  },
  {
    title: 'Ohara mountain cabin',
    location: KYOTO,
    price: 110,
    guests: 4,
    bedrooms: 2,
    bathrooms: 1,
    window: [0, 200],
    host: 'host2',
    building: 'cabin',
    backdrop: 'mountains',
    time: 'day',
    description:
      'A cedar cabin in the village of Ohara, an hour by bus north of the city and a world away from it. Morning walks lead to Sanzen-in temple. Evenings are for the wood-fired bath and a sky full of stars.',
  },
  {
    title: 'Rockaway beach house',
    location: NEW_YORK,
    price: 150,
    guests: 6,
    bedrooms: 3,
    bathrooms: 2,
    window: [5, 12],
    host: 'host',
    building: 'house',
    backdrop: 'sea',
    time: 'golden',
    description:
      'A shingled beach house one block from the Rockaway boardwalk, reachable from Manhattan by the A train or the ferry. Surfboards, an outdoor shower and a grill on the deck come with the house.',
  },
  {
    title: 'Uttara modern flat near the airport',
    location: DHAKA,
    price: 55,
    guests: 3,
    bedrooms: 1,
    bathrooms: 1,
    window: [2, 8],
    host: 'host',
    building: 'apartment',
    backdrop: 'city',
    time: 'night',
    description:
      'A clean, modern flat ten minutes from Hazrat Shahjalal Airport, ideal after a late arrival or before an early flight. The metro’s Uttara North station is around the corner for the ride into town.',
  },
];

/** Shared interior pictures (rooms), reused across homes. */
const ROOMS: readonly { room: RoomKind; time: TimeOfDay }[] = [
  { room: 'living', time: 'day' },
  { room: 'bedroom', time: 'golden' },
  { room: 'kitchen', time: 'day' },
  { room: 'living', time: 'dusk' },
  { room: 'bedroom', time: 'day' },
  { room: 'kitchen', time: 'night' },
  { room: 'living', time: 'golden' },
  { room: 'bedroom', time: 'night' },
  { room: 'kitchen', time: 'golden' },
  { room: 'living', time: 'night' },
];

const lower = (s: string) => s.toLowerCase();

/** Creates the demo accounts that are missing (user + credential account); returns email -> user id. */
async function ensureDemoAccounts(db: Db, log: (m: string) => void): Promise<Map<string, string>> {
  const emails = DEMO_ACCOUNTS.map((a) => lower(a.email));
  const existing = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const ids = new Map(existing.map((u) => [lower(u.email), u.id]));

  const missing = DEMO_ACCOUNTS.filter((a) => !ids.has(lower(a.email)));
  const withCredential = existing.length
    ? new Set(
        (
          await db
            .select({ userId: accounts.userId })
            .from(accounts)
            .where(
              and(
                eq(accounts.providerId, 'credential'),
                inArray(
                  accounts.userId,
                  existing.map((u) => u.id),
                ),
              ),
            )
        ).map((a) => a.userId),
      )
    : new Set<string>();
  const lacking = existing.filter((u) => !withCredential.has(u.id));
  if (!missing.length && !lacking.length) return ids;

  // Better Auth's own scrypt format, so sign-in verifies it. One hash serves every demo
  // account: the demo password is published anyway, and scrypt is deliberately slow.
  const hash = await hashPassword(DEMO_PASSWORD);
  const newUsers = missing.map((a) => ({
    id: randomUUID(),
    name: a.name,
    email: a.email,
    emailVerified: true,
    role: a.dbRole,
  }));
  const credentialFor = (userId: string) => ({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: hash,
  });
  await db.transaction(async (tx) => {
    if (newUsers.length) await tx.insert(users).values(newUsers);
    const creds = [...newUsers.map((u) => u.id), ...lacking.map((u) => u.id)].map(credentialFor);
    if (creds.length) await tx.insert(accounts).values(creds);
  });
  for (const u of newUsers) ids.set(lower(u.email), u.id);
  if (newUsers.length) log(`demo accounts created: ${newUsers.map((u) => u.email).join(', ')}`);
  if (lacking.length) log(`demo passwords set for: ${lacking.map((u) => u.email).join(', ')}`);
  return ids;
}

export async function seedDemoData({ db, storage, clock, ledger, log = () => {} }: SeedDeps): Promise<SeedResult> {
  const result = (seeded: boolean): SeedResult => ({ seeded, accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })) });
  const ids = await ensureDemoAccounts(db, log);

  const [anyHome] = await db.select({ id: homes.id }).from(homes).limit(1);
  if (anyHome) return result(false);

  const started = Date.now();
  const roomKeys = ROOMS.map((_, i) => `demo-room-${i + 1}`);
  const exteriorItems = DEMO_HOMES.map((h, i) => ({
    key: `demo-${i + 1}-1`,
    scene: {
      kind: 'exterior',
      seed: 1000 + i * 37,
      building: h.building,
      backdrop: h.backdrop,
      time: h.time,
    } satisfies Scene,
  }));
  const roomItems = ROOMS.map((r, i) => ({
    key: roomKeys[i]!,
    scene: { kind: 'interior', seed: 500 + i * 53, room: r.room, time: r.time } satisfies Scene,
  }));
  const urls = await storeDemoImages(storage, [...exteriorItems, ...roomItems]);
  const exteriorUrls = urls.slice(0, exteriorItems.length);
  const roomUrls = urls.slice(exteriorItems.length);

  const today = calendarDate(clock.now());
  const now = clock.now();
  const hostIds: Record<HostKey, string> = {
    host: ids.get('host@stayhub.test')!,
    host2: ids.get('host2@stayhub.test')!,
  };
  const hostEmails: Record<HostKey, string> = { host: 'host@stayhub.test', host2: 'host2@stayhub.test' };

  const rows = DEMO_HOMES.map((h, i) => {
    const from = addDays(today, h.window[0]);
    const images = [exteriorUrls[i]!, roomUrls[i % roomUrls.length]!];
    // Bigger homes show one more room.
    if (h.bedrooms >= 3) images.push(roomUrls[(i + 3) % roomUrls.length]!);
    return {
      hostId: hostIds[h.host],
      hostEmail: hostEmails[h.host],
      title: h.title,
      location: h.location,
      timeZone: DEMO_CITY_TIME_ZONES[h.location] ?? 'UTC',
      description: h.description,
      priceCents: h.price * 100,
      totalGuest: h.guests,
      bedrooms: h.bedrooms,
      bathrooms: h.bathrooms,
      availableFrom: from,
      availableTo: addDays(from, h.window[1]),
      images,
      ...pointColumns(demoHomePoint(h.location, i)),
      createdAt: now,
      updatedAt: now,
    };
  });
  // Newest first is insertion order reversed: insert the display list backwards.
  const reviewed = await db.transaction(async (tx) => {
    const inserted = await tx.insert(homes).values(rows.reverse()).returning({
      id: homes.id,
      title: homes.title,
      location: homes.location,
      images: homes.images,
      priceCents: homes.priceCents,
      hostId: homes.hostId,
      hostEmail: homes.hostEmail,
      cancellationPolicy: homes.cancellationPolicy,
    });
    return seedDemoReviews(tx, inserted, today, { ...(ledger && { ledger }) });
  });
  const cities = new Set(DEMO_HOMES.map((h) => h.location)).size;
  log(
    `demo data: ${rows.length} homes in ${cities} cities, ${urls.length} pictures, ${reviewed} past stays with reviews, in ${Date.now() - started} ms`,
  );
  return result(true);
}
