import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { bookings, homeBlocks } from './schema';

/**
 * WHERE part: the booking keeps its dates from others at `now`: confirmed, or
 * held and not yet expired. (A held row past its time is still `held` until a
 * new hold or the sweeper ends it.)
 */
export const blocksDates = (now: Date): SQL =>
  or(eq(bookings.status, 'confirmed'), and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)))!;

/** WHERE part: the booking's stay overlaps check-in..check-out (the check-out day is free). */
export const overlapsStay = (checkIn: string, checkOut: string): SQL =>
  sql`${bookings.stay} && daterange(${checkIn}::date, ${checkOut}::date, '[)')`;

/** Select part: a block's first night and the day after its last, as 'YYYY-MM-DD' (its `stay` is [from, to)). */
export const blockDays = {
  from: sql<string>`lower(${homeBlocks.stay})::text`,
  to: sql<string>`upper(${homeBlocks.stay})::text`,
};
