/** A host's calendar of one home, and their blocks (issue 11, ADR 0015). */
import { and, eq, lte, sql } from 'drizzle-orm';
import { formatDayRange } from '#shared/dates';
import type { CalendarBlock, CalendarNight, CalendarResponse, CreateBlock } from '#shared/schemas/calendar';
import { addDays, dayNumber } from '#shared/stay';
import { earliestCheckIn } from '#shared/time-zones';
import { blockDays, holdsNights, overlapsStay } from '#server/db/booking-conditions';
import { sqlState } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { bookings, homeBlocks, users } from '#server/db/schema';
import { conflict, invalid, notFound } from '#server/domain-errors';
import type { BookingDeps } from '../bookings/bookings-model';
import { settleStaleHold } from '../bookings/bookings-sweeper';
import type { HomeRow } from '../homes/homes-service';
import {
  blockOverlapping,
  bookingNamed,
  bookingOverlapping,
  guestNameSql,
  lockHome,
  underHomeLock,
} from './availability';

/**
 * The names of calendar imports by id. Blocks carry only the import's id; the
 * calendar sync (iCal import) adds its calendar_imports table and names them here.
 */
type ImportNames = (importIds: string[]) => Promise<Map<string, string>>;
const noImportNames: ImportNames = async () => new Map();

export interface CalendarDeps extends BookingDeps {
  importNames?: ImportNames;
}

const range = (from: string, to: string) => sql`daterange(${from}::date, ${to}::date, '[)')`;

/** Every night of [from, to) with what takes it: a stay, a host's block, an imported calendar, or nothing. */
export async function homeCalendar(
  deps: CalendarDeps,
  home: HomeRow,
  from: string,
  to: string,
): Promise<CalendarResponse> {
  const now = deps.clock.now();
  const stays = await deps.db
    .select({
      id: bookings.id,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      status: bookings.status,
      guestName: guestNameSql,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.guestId))
    .where(and(eq(bookings.homeId, home.id), holdsNights(now), overlapsStay(from, to)));
  const blockRows = await deps.db
    .select({
      id: homeBlocks.id,
      ...blockDays,
      note: homeBlocks.note,
      source: homeBlocks.source,
      importId: homeBlocks.importId,
    })
    .from(homeBlocks)
    .where(and(eq(homeBlocks.homeId, home.id), sql`${homeBlocks.stay} && ${range(from, to)}`))
    .orderBy(sql`lower(${homeBlocks.stay})`);
  const blocks: CalendarBlock[] = blockRows;
  const importIds = [...new Set(blocks.flatMap((b) => (b.importId ? [b.importId] : [])))];
  const names = importIds.length ? await (deps.importNames ?? noImportNames)(importIds) : new Map<string, string>();

  const start = dayNumber(from)!;
  const end = dayNumber(to)!;
  const covers = (f: string, t: string, day: number) => dayNumber(f)! <= day && day < dayNumber(t)!;
  const nights: CalendarNight[] = [];
  for (let day = start; day < end; day++) {
    const date = addDays(from, day - start);
    const inWindow = home.availableFrom <= date && date < home.availableTo;
    const stay =
      stays.find((s) => s.status === 'confirmed' && covers(s.checkIn, s.checkOut, day)) ??
      stays.find((s) => covers(s.checkIn, s.checkOut, day));
    const own = blocks.find((b) => b.source === 'host' && covers(b.from, b.to, day));
    const imported = blocks.find((b) => b.source === 'import' && covers(b.from, b.to, day));
    let night: CalendarNight;
    if (stay) {
      night = {
        date,
        status: stay.status === 'confirmed' ? 'booked' : stay.status === 'requested' ? 'requested' : 'held',
        inWindow,
        bookingId: stay.id,
        guestName: stay.guestName,
      };
      if (imported) night.conflict = true;
    } else if (own) {
      night = { date, status: 'blocked', inWindow, blockId: own.id, ...(own.note ? { note: own.note } : {}) };
    } else if (imported) {
      const name = imported.importId ? names.get(imported.importId) : undefined;
      night = { date, status: 'imported', inWindow, blockId: imported.id, ...(name ? { importName: name } : {}) };
    } else {
      night = { date, status: 'available', inWindow };
    }
    nights.push(night);
  }
  return {
    homeId: home.id,
    title: home.title,
    from,
    to,
    window: { from: home.availableFrom, to: home.availableTo },
    nights,
    blocks,
  };
}

/**
 * A host's block over [from, to). Refused (409) over a confirmed stay or a live
 * (or paid) hold, naming it, and over the host's own earlier block. Stale holds
 * in the way are settled with the payment provider first, as a new hold does.
 */
export async function createBlock(
  deps: CalendarDeps,
  home: { id: string; timeZone: string },
  input: CreateBlock,
): Promise<{ id: string }> {
  const homeId = home.id;
  const now = deps.clock.now();
  // Like a hold: nights already over at the home (ADR 0035) cannot be blocked.
  if (input.from < earliestCheckIn(now, home.timeZone))
    throw invalid('Blocked nights cannot be in the past', 'dates_in_past');

  const stale = await deps.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.homeId, homeId),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
        overlapsStay(input.from, input.to),
      ),
    );
  for (const hold of stale) await settleStaleHold(deps, hold);

  try {
    return await inTransaction(deps.db, async (tx) => {
      if (!(await lockHome(tx, homeId))) throw notFound('No home with this id');
      const booking = await bookingOverlapping(tx, homeId, input.from, input.to, deps.clock.now());
      if (booking) {
        throw conflict(`These nights are taken by ${bookingNamed(booking)}.`, 'dates_booked');
      }
      const own = await blockOverlapping(tx, homeId, input.from, input.to, 'host');
      if (own) throw alreadyBlocked(own.stay);
      const note = input.note?.trim();
      const [row] = await tx
        .insert(homeBlocks)
        .values({
          homeId,
          stay: `[${input.from},${input.to})`,
          note: note ? note : null,
          source: 'host',
          createdAt: now,
        })
        .returning({ id: homeBlocks.id });
      return { id: row!.id };
    });
  } catch (err) {
    // The exclusion constraint on host blocks (a block added by another request at the same moment).
    if (sqlState(err) === '23P01') throw alreadyBlocked(null);
    throw err;
  }
}

function alreadyBlocked(stay: string | null) {
  const match = stay ? /^\[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})\)$/.exec(stay) : null;
  const which = match ? ` (${formatDayRange(match[1]!, match[2]!)})` : '';
  return conflict(
    `Some of these nights are already blocked${which}. Unblock them first, or choose other nights.`,
    'already_blocked',
  );
}

/**
 * Removes a host's block. An imported block belongs to its calendar feed:
 * it goes when the feed drops the event or the import is removed (409).
 */
export async function deleteBlock(deps: CalendarDeps, homeId: string, blockId: string): Promise<void> {
  const [row] = await deps.db
    .select({ source: homeBlocks.source })
    .from(homeBlocks)
    .where(and(eq(homeBlocks.id, blockId), eq(homeBlocks.homeId, homeId)))
    .limit(1);
  if (!row) throw notFound('No block with this id on this home');
  if (row.source !== 'host') {
    throw conflict(
      'These nights come from an imported calendar. Free them in that calendar, or remove the import.',
      'imported_block',
    );
  }
  // The home's row first (ADR 0029), as unblocking nights takes it before the blocks it changes.
  await underHomeLock(deps.db, homeId, (tx) =>
    tx.delete(homeBlocks).where(and(eq(homeBlocks.id, blockId), eq(homeBlocks.homeId, homeId))),
  );
}

/**
 * Frees the nights [from, to) of the host's blocks: a block inside the range goes, one reaching past
 * it keeps its nights outside under its id; one reaching past both ends splits, and its part after
 * the range is a new block with the same note. Under the home row lock, as creating a block is.
 * Imported blocks stay: they belong to their feed.
 */
export async function unblockNights(
  deps: CalendarDeps,
  homeId: string,
  from: string,
  to: string,
): Promise<{ freedNights: number }> {
  return inTransaction(deps.db, async (tx) => {
    if (!(await lockHome(tx, homeId))) throw notFound('No home with this id');
    const touched = await tx
      .select({
        id: homeBlocks.id,
        ...blockDays,
        note: homeBlocks.note,
        createdAt: homeBlocks.createdAt,
      })
      .from(homeBlocks)
      .where(
        and(
          eq(homeBlocks.homeId, homeId),
          eq(homeBlocks.source, 'host'),
          sql`${homeBlocks.stay} && ${range(from, to)}`,
        ),
      )
      .for('update');
    let freedNights = 0;
    const now = deps.clock.now();
    // A block that keeps some nights is a new revision of its feed event (SEQUENCE, DTSTAMP).
    const revised = { revision: sql`${homeBlocks.revision} + 1`, updatedAt: now };
    for (const block of touched) {
      const freedFrom = block.from > from ? block.from : from;
      const freedTo = block.to < to ? block.to : to;
      freedNights += dayNumber(freedTo)! - dayNumber(freedFrom)!;
      const before = block.from < from ? `[${block.from},${from})` : null;
      const after = to < block.to ? `[${to},${block.to})` : null;
      const byId = eq(homeBlocks.id, block.id);
      if (before)
        await tx
          .update(homeBlocks)
          .set({ stay: before, ...revised })
          .where(byId);
      if (after && before) {
        await tx.insert(homeBlocks).values({
          homeId,
          stay: after,
          note: block.note,
          source: 'host',
          createdAt: block.createdAt,
          updatedAt: now,
        });
      } else if (after) {
        await tx
          .update(homeBlocks)
          .set({ stay: after, ...revised })
          .where(byId);
      }
      if (!before && !after) await tx.delete(homeBlocks).where(byId);
    }
    return { freedNights };
  });
}
