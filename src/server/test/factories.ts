import { randomUUID } from 'node:crypto';
import { nightsBetween } from '#shared/stay';
import type { Db } from '../db/client';
import { bookings, homes, reviews, users } from '../db/schema';
import { pointColumns } from '../features/geo/approximate-point';

type NewHome = typeof homes.$inferInsert;
type NewUser = typeof users.$inferInsert;
type NewBooking = typeof bookings.$inferInsert;
type NewReview = typeof reviews.$inferInsert;

let counter = 0;
const next = () => ++counter;

export async function insertUser(db: Db, overrides: Partial<NewUser> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: `User ${n}`,
      email: `user${n}-${randomUUID().slice(0, 8)}@example.test`,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertHome(db: Db, overrides: Partial<NewHome> = {}) {
  const n = next();
  const [row] = await db
    .insert(homes)
    .values({
      hostEmail: 'host@example.test',
      title: `Test home ${n}`,
      location: 'Lisbon, Portugal',
      description: `A home made for test ${n}.`,
      priceCents: 10_000,
      totalGuest: 4,
      bedrooms: 2,
      bathrooms: 1,
      availableFrom: '2026-12-01',
      availableTo: '2027-03-01',
      images: [`/uploads/test-${n}-1280.webp`, `/uploads/test-${n}-b-1280.webp`],
      // In Lisbon unless a test places it; the public point is drawn from the exact one, as the API does.
      ...pointColumns({ lat: overrides.lat ?? 38.71667, lng: overrides.lng ?? -9.13333 }),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertBooking(db: Db, home: typeof homes.$inferSelect, overrides: Partial<NewBooking> = {}) {
  const checkIn = overrides.checkIn ?? '2026-12-10';
  const checkOut = overrides.checkOut ?? '2026-12-13';
  // The stored breakdown must add up (bookings_breakdown_sum): the nights of the stay at the home's price, no fees.
  const nights = overrides.nights ?? nightsBetween(checkIn, checkOut);
  const nightlyCents = overrides.nightlyCents ?? home.priceCents;
  const [row] = await db
    .insert(bookings)
    .values({
      homeId: home.id,
      guestEmail: 'guest@example.test',
      hostEmail: home.hostEmail,
      title: home.title,
      location: home.location,
      image: home.images[0] ?? '',
      nightlyCents,
      nights,
      subtotalCents: nightlyCents * nights,
      amountCents: nightlyCents * nights,
      status: 'confirmed',
      timeZone: home.timeZone,
      ...overrides,
      checkIn,
      checkOut,
    })
    .returning();
  return row!;
}

/** A published guest review of `booking`'s home (both sides written: visible at once). */
export async function insertReview(db: Db, booking: typeof bookings.$inferSelect, overrides: Partial<NewReview> = {}) {
  const [row] = await db
    .insert(reviews)
    .values({
      bookingId: booking.id,
      homeId: booking.homeId,
      authorRole: 'guest',
      authorId: booking.guestId,
      overall: 5,
      cleanliness: 5,
      accuracy: 5,
      location: 5,
      value: 5,
      text: 'A lovely stay.',
      publishAt: new Date('2026-12-27T00:00:00.000Z'),
      publishedAt: new Date('2026-12-14T00:00:00.000Z'),
      ...overrides,
    })
    .returning();
  return row!;
}
