import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { bookings, homeBlocks, homes } from './schema';

/** An instant or a date in a query: a value, or a placeholder of a prepared statement (the search's). */
type Bound<T> = T | Placeholder;

/**
 * WHERE part, the held half of holdsNights: a hold still live at `now`, or past its time but paid
 * (the payment arrived; it is about to be confirmed). A held row past its time and unpaid is still
 * `held` until a new hold or the sweeper ends it, but it no longer holds anything.
 */
const holdHoldsNights = (now: Bound<Date>): SQL =>
  sql`(${bookings.status} = 'held' and (${bookings.holdExpiresAt} > ${now}::timestamptz or ${bookings.paymentReceivedAt} is not null))`;

/**
 * WHERE part, the one rule "a booking holds its nights" at `now`: confirmed, requested (a request
 * to book waiting for the host, ADR 0050), or a hold that holds them (holdHoldsNights). Searches, calendars, the unavailable dates, a host's blocks and window
 * changes all read it, so a stay is never free in one place and taken in another.
 */
export const holdsNights = (now: Bound<Date>): SQL =>
  sql`(${bookings.status} in ('confirmed', 'requested') or ${holdHoldsNights(now)})`;

/**
 * WHERE part on homes: the home is free for [checkIn, checkOut) at `now`, i.e. no booking of it that
 * holdsNights overlaps. Split for speed: confirmed (and requested) nights come from homes.confirmed_nights (kept by
 * triggers on bookings, ADR 0011), a test on the row itself; holds are few and read once per query
 * through bookings_hold_expiry_idx (a hashed subplan), so a hold past its time stops blocking the
 * moment it expires.
 */
export const freeForStay = (checkIn: Bound<string>, checkOut: Bound<string>, now: Bound<Date>): SQL =>
  sql`not (${homes.confirmedNights} && daterange(${checkIn}::date, ${checkOut}::date, '[)'))
    and ${homes.id} not in (${heldForStay(checkIn, checkOut, now)})`;

/** A subquery: the homes a hold that holds its nights at `now` (holdHoldsNights) takes for [checkIn, checkOut). */
export const heldForStay = (checkIn: Bound<string>, checkOut: Bound<string>, now: Bound<Date>): SQL =>
  sql`select ${bookings.homeId} from ${bookings}
      where ${holdHoldsNights(now)}
        and ${bookings.stay} && daterange(${checkIn}::date, ${checkOut}::date, '[)')
        and ${bookings.homeId} is not null`;

/** WHERE part: the booking's stay overlaps check-in..check-out (the check-out day is free). */
export const overlapsStay = (checkIn: string, checkOut: string): SQL =>
  sql`${bookings.stay} && daterange(${checkIn}::date, ${checkOut}::date, '[)')`;

/** Select part: a block's first night and the day after its last, as 'YYYY-MM-DD' (its `stay` is [from, to)). */
export const blockDays = {
  from: sql<string>`lower(${homeBlocks.stay})::text`,
  to: sql<string>`upper(${homeBlocks.stay})::text`,
};
