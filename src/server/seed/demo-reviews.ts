/**
 * Past stays with reviews for the demo, so a first start shows what reviews do: stars on the
 * cards, the details page's reviews (some with the host's reply), the rating sort and the rating in
 * a home's structured data. Each stay's payment is in the ledger as a stay paid through StayHub is
 * (its charge, when it was booked), so the hosts' Payouts screens show what they earned: the payout
 * job makes each share available (its check-in has passed) and pays it once the host connects a
 * payout account; the admin's Finance screen has the money. The stays belong to past guests:
 * accounts without a password (they cannot sign in), so the demo guest's own trips, bookings and
 * reviews stay empty for a new visitor.
 * Every stay is over and its review window closed, so each review is published as the double-blind
 * rules would have published it (ADR 0018).
 */
import { randomUUID } from 'node:crypto';
import { and, gt, inArray, sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '#shared/reviews';
import { addDays } from '#shared/stay';
import type { Db } from '../db/client';
import { postCharge, type LedgerDeps } from '../features/ledger/ledger-bookings';

/** The seeding transaction (or a database handle): homes and their history are written together. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
import { bookings, reviews, users } from '../db/schema';

export const DEMO_PAST_GUESTS = [
  { name: 'Inês Duarte', email: 'ines.duarte@past-guest.stayhub.test' },
  { name: 'Tom Becker', email: 'tom.becker@past-guest.stayhub.test' },
  { name: 'Aiko Mori', email: 'aiko.mori@past-guest.stayhub.test' },
  { name: 'Daniel Okoye', email: 'daniel.okoye@past-guest.stayhub.test' },
] as const;

interface PastStay {
  /** The home by its demo title. */
  home: string;
  guest: number;
  /** Check-out, in days before today. */
  endedDaysAgo: number;
  nights: number;
  /** overall, cleanliness, accuracy, location, value (1-5). */
  ratings: [number, number, number, number, number];
  text: string;
  reply?: string;
  /** The host's review of the guest. */
  aboutGuest: string;
}

const STAYS: readonly PastStay[] = [
  {
    home: 'Sunlit Alfama apartment with river view',
    guest: 0,
    endedDaysAgo: 24,
    nights: 4,
    ratings: [5, 5, 5, 5, 4],
    text: 'Waking up to the river every morning was the highlight of our trip. The flat is spotless and exactly as pictured, and the tram stop is two minutes away. Bring good shoes: the hills are real.',
    reply: 'Thank you, Inês! The hills keep us fit. Come back in spring for the festas.',
    aboutGuest: 'A considerate guest who left the flat as she found it. Welcome back any time.',
  },
  {
    home: 'Sunlit Alfama apartment with river view',
    guest: 1,
    endedDaysAgo: 61,
    nights: 3,
    ratings: [4, 5, 4, 5, 4],
    text: 'Great location and a very comfortable bed. The street can be lively on weekend nights, so light sleepers may want earplugs. Marta answered every question within minutes.',
    aboutGuest: 'Clear communication and on time for check-in and check-out.',
  },
  {
    home: 'Modernista flat on Passeig de Gràcia',
    guest: 2,
    endedDaysAgo: 33,
    nights: 5,
    ratings: [5, 5, 5, 5, 5],
    text: 'High ceilings, original tiles and a quiet bedroom at the back. We walked everywhere from here. The kitchen had everything we needed to cook most evenings.',
    reply: 'So glad you enjoyed the tiles as much as we do. Thank you for looking after the place!',
    aboutGuest: 'Wonderful guests, tidy and friendly.',
  },
  {
    home: 'Camps Bay villa with ocean deck',
    guest: 3,
    endedDaysAgo: 45,
    nights: 6,
    ratings: [5, 4, 5, 5, 4],
    text: 'The deck at sunset is worth the trip on its own. Plenty of space for our family of five, and the beach is a short walk down. The pool was a little cold in the mornings.',
    aboutGuest: 'A lovely family; the villa was left in great shape.',
  },
  {
    home: 'Machiya townhouse in Higashiyama',
    guest: 2,
    endedDaysAgo: 80,
    nights: 3,
    ratings: [5, 5, 5, 5, 5],
    text: 'A calm, beautifully kept townhouse a few lanes from the temples. Early mornings before the crowds were magical. Thoughtful touches everywhere, down to the tea.',
    reply: 'Arigatou, Aiko. We hope to welcome you again in the autumn.',
    aboutGuest: 'Respectful of the house and the neighbours. Highly recommended.',
  },
  {
    home: 'Machiya townhouse in Higashiyama',
    guest: 1,
    endedDaysAgo: 19,
    nights: 4,
    ratings: [4, 4, 5, 5, 3],
    text: 'Lovely traditional house in a perfect spot. The steep stairs are part of the charm but tricky with luggage, and it is on the pricier side for its size.',
    aboutGuest: 'Friendly and easy to host.',
  },
  {
    home: 'Brooklyn brownstone garden floor',
    guest: 3,
    endedDaysAgo: 52,
    nights: 5,
    ratings: [5, 5, 4, 5, 5],
    text: 'The garden was a quiet escape after long days in Manhattan, and the subway is close. Excellent coffee shops on the block. Would stay again without a second thought.',
    aboutGuest: 'Great guest, followed the house rules to the letter.',
  },
  {
    home: 'Gulshan lakeside apartment',
    guest: 0,
    endedDaysAgo: 38,
    nights: 4,
    ratings: [4, 4, 4, 5, 5],
    text: 'Comfortable and well-equipped with a nice view over the lake. Traffic in Dhaka is intense, but the location makes it easier. Good value for the space.',
    reply: 'Thank you for staying with us, and for the kind words about the view.',
    aboutGuest: 'Polite and tidy; a pleasure to host.',
  },
  {
    home: 'Montmartre atelier with skyline view',
    guest: 1,
    endedDaysAgo: 70,
    nights: 3,
    ratings: [5, 5, 5, 4, 4],
    text: 'The light in the atelier is unreal, and the view over the rooftops at night is unforgettable. It is a fifth-floor walk-up, so pack light.',
    aboutGuest: 'Communicative and careful with the studio.',
  },
  {
    home: 'Bo-Kaap cottage under Table Mountain',
    guest: 2,
    endedDaysAgo: 27,
    nights: 4,
    ratings: [4, 5, 4, 5, 4],
    text: 'Colourful, cosy and right in the middle of Bo-Kaap. Parking was a little hard to find in the evenings, but everything else was easy.',
    aboutGuest: 'Easygoing guest, left everything neat.',
  },
];

/** Homes seeded by the demo, by title: what a stay copies from its home. */
export interface SeededHome {
  id: string;
  title: string;
  location: string;
  images: string[];
  priceCents: number;
  hostId: string | null;
  hostEmail: string;
  cancellationPolicy: 'flexible' | 'moderate' | 'strict';
}

const DAY_MS = 86_400_000;
const at = (day: string, hours = 12) => new Date(Date.parse(`${day}T00:00:00Z`) + hours * 3_600_000);

/** Creates the past guests that are missing (joined before their first stay); returns email -> user id. */
async function ensurePastGuests(db: Tx, joined: Date): Promise<Map<string, string>> {
  const emails = DEMO_PAST_GUESTS.map((g) => g.email);
  const existing = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const ids = new Map(existing.map((u) => [u.email.toLowerCase(), u.id]));
  const missing = DEMO_PAST_GUESTS.filter((g) => !ids.has(g.email)).map((g) => ({
    id: randomUUID(),
    name: g.name,
    email: g.email,
    emailVerified: true,
    role: null,
    createdAt: joined,
    updatedAt: joined,
  }));
  if (missing.length) await db.insert(users).values(missing);
  for (const u of missing) ids.set(u.email, u.id);
  return ids;
}

/**
 * The past stays and their reviews, on the homes just seeded, in the transaction that seeded them
 * (a start that dies half-way leaves neither); returns how many stays.
 */
export async function seedDemoReviews(
  tx: Tx,
  seeded: SeededHome[],
  today: string,
  ledger: LedgerDeps = {},
): Promise<number> {
  const byTitle = new Map(seeded.map((h) => [h.title, h]));
  // Everyone in this history joined before it began: a host's "Joined" must not postdate their reviews.
  const firstStay = Math.max(...STAYS.map((s) => s.endedDaysAgo + s.nights));
  const joined = at(addDays(today, -(firstStay + 60)));
  const guestIds = await ensurePastGuests(tx, joined);
  let count = 0;
  const hostIds = [...new Set(seeded.flatMap((h) => (h.hostId ? [h.hostId] : [])))];
  if (hostIds.length) {
    await tx
      .update(users)
      .set({ createdAt: joined })
      .where(and(inArray(users.id, hostIds), gt(users.createdAt, joined)));
  }
  for (const stay of STAYS) {
    const home = byTitle.get(stay.home);
    if (!home?.hostId) continue;
    const guest = DEMO_PAST_GUESTS[stay.guest]!;
    const checkOut = addDays(today, -stay.endedDaysAgo);
    const checkIn = addDays(checkOut, -stay.nights);
    const bookedAt = at(addDays(checkIn, -21));
    const [booking] = await tx
      .insert(bookings)
      .values({
        homeId: home.id,
        guestId: guestIds.get(guest.email)!,
        guestEmail: guest.email,
        hostEmail: home.hostEmail,
        title: home.title,
        location: home.location,
        image: home.images[0] ?? '',
        nightlyCents: home.priceCents,
        checkIn,
        checkOut,
        nights: stay.nights,
        guests: 2,
        subtotalCents: stay.nights * home.priceCents,
        amountCents: stay.nights * home.priceCents,
        cancellationPolicy: home.cancellationPolicy,
        status: 'confirmed',
        paymentProvider: 'sandbox',
        paymentIntentId: `demo_past_${randomUUID()}`,
        paymentReceivedAt: bookedAt,
        confirmedAt: bookedAt,
        createdAt: bookedAt,
        updatedAt: bookedAt,
      })
      .returning();
    await postCharge(tx, ledger, booking!, bookedAt);
    // Both wrote within the window: published when the second review came in.
    const windowEnds = new Date(at(checkOut, 0).getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
    const hostWrote = at(addDays(checkOut, 1), 9);
    const guestWrote = at(addDays(checkOut, 2), 18);
    const [overall, cleanliness, accuracy, location, value] = stay.ratings;
    await tx.insert(reviews).values([
      {
        bookingId: booking!.id,
        homeId: home.id,
        authorRole: 'guest',
        authorId: guestIds.get(guest.email)!,
        subjectUserId: home.hostId,
        overall,
        cleanliness,
        accuracy,
        location,
        value,
        text: stay.text,
        reply: stay.reply ?? null,
        repliedAt: stay.reply ? at(addDays(checkOut, 4), 10) : null,
        publishAt: windowEnds,
        publishedAt: guestWrote,
        createdAt: guestWrote,
      },
      {
        bookingId: booking!.id,
        homeId: home.id,
        authorRole: 'host',
        authorId: home.hostId,
        subjectUserId: guestIds.get(guest.email)!,
        overall: 5,
        text: stay.aboutGuest,
        publishAt: windowEnds,
        publishedAt: guestWrote,
        createdAt: hostWrote,
      },
    ]);
    count++;
  }
  return count;
}
