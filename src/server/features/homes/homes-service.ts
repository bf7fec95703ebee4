import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Home, HomesQuery } from '../../../shared/schemas/homes';
import { centsToAmount } from '../../../shared/money';
import type { Db } from '../../db/client';
import { bookings, homes } from '../../db/schema';

export type HomeRow = typeof homes.$inferSelect;

export const PLACEHOLDER_IMAGE = '/placeholder-home.svg';

export function toHome(row: HomeRow): Home {
  return {
    _id: row.id,
    title: row.title,
    location: row.location,
    image: row.images[0] ?? PLACEHOLDER_IMAGE,
    images: row.images.length ? row.images : [PLACEHOLDER_IMAGE],
    price: centsToAmount(row.priceCents),
    total_guest: row.totalGuest,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    description: row.description,
    from: row.availableFrom,
    to: row.availableTo,
    hostEmail: row.hostEmail,
    email: row.hostEmail,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** The cursor is opaque to clients: the last row's insertion number, base64url-encoded. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`h${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^h(\d{1,15})$/.exec(text);
  return match ? Number(match[1]) : null;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A held or confirmed booking of this home overlapping the stay. An expired
 * hold no longer blocks, even before the sweeper has marked it.
 */
export function overlappingBooking(homeId: SQL | typeof homes.id, checkIn: string, checkOut: string, now: Date): SQL {
  return sql`exists (
    select 1 from ${bookings}
    where ${bookings.homeId} = ${homeId}
      and ${bookings.stay} && daterange(${checkIn}::date, ${checkOut}::date, '[)')
      and (${bookings.status} = 'confirmed'
           or (${bookings.status} = 'held' and ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz))
  )`;
}

export interface HomesPage {
  homes: Home[];
  nextCursor: string | null;
}

export async function listHomes(db: Db, query: HomesQuery & { afterSeq?: number; hostEmail?: string }, now: Date): Promise<HomesPage> {
  const where: SQL[] = [];
  if (query.afterSeq !== undefined) where.push(lt(homes.seq, query.afterSeq));
  if (query.hostEmail) where.push(sql`lower(${homes.hostEmail}) = lower(${query.hostEmail})`);
  if (query.location) {
    // Substring match, or a close word match so small typos ("Lisbn") still find the place.
    const pattern = `%${escapeLike(query.location)}%`;
    where.push(sql`(${homes.location} ilike ${pattern} or ${query.location} <% ${homes.location})`);
  }
  if (query.checkIn && query.checkOut) {
    where.push(lte(homes.availableFrom, query.checkIn), gte(homes.availableTo, query.checkOut));
    where.push(sql`not ${overlappingBooking(homes.id, query.checkIn, query.checkOut, now)}`);
  }
  if (query.guests !== undefined) where.push(gte(homes.totalGuest, query.guests));

  const rows = await db
    .select()
    .from(homes)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(homes.seq))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    homes: page.map(toHome),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.seq) : null,
  };
}

export async function findHome(db: Db, id: string): Promise<HomeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(homes).where(eq(homes.id, id)).limit(1);
  return row ?? null;
}
