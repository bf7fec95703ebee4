/**
 * The external feeds imported into a home: add, list (with what they block and where they
 * clash with confirmed or requested bookings), delete, and sync. A sync replaces the import's blocks in one
 * transaction (the import row locked first, so two syncs of one feed never interleave): events
 * that left the feed unblock their nights. An event over a confirmed booking is kept and shown
 * as a conflict; nothing is ever cancelled. A failed fetch, or a body that cannot be read (not a
 * calendar, too costly to read), keeps the blocks it had and records why on the import row.
 */
import { homeToday } from '#shared/time-zones';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { MAX_IMPORTS_PER_HOME, type CalendarImport, type CreateCalendarImport } from '#shared/schemas/calendar-sync';
import { plural } from '#shared/plural';
import type { ServiceLog } from '#server/app-context';
import { conflict, limitReached, notFound } from '#server/domain-errors';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { bookings, calendarImports, homes, homeBlocks, type CalendarImportRow } from '#server/db/schema';
import type { Clock } from '#server/providers/clock/clock';
import { isUuid } from '../homes/homes-service';
import { FeedFetchError, fetchFeed, type FetchPolicy } from './feed-fetch';
import { FeedParseError, type FeedRange } from './feed-parse';
import { parseFeedOffThread } from './feed-parse-pool';
import { blockDays } from '#server/db/booking-conditions';
import { underHomeLock } from '../calendar/availability';

export interface SyncDeps {
  db: Db;
  clock: Clock;
  fetchPolicy: FetchPolicy;
  log?: ServiceLog;
}

type Conflict = CalendarImport['conflicts'][number];

async function conflictsOf(db: Db, homeId: string, day: string): Promise<Map<string, Conflict[]>> {
  const rows = await db
    .select({
      importId: homeBlocks.importId,
      ...blockDays,
      bookingId: bookings.id,
      bookingFrom: bookings.checkIn,
      bookingTo: bookings.checkOut,
    })
    .from(homeBlocks)
    .innerJoin(
      bookings,
      and(
        eq(bookings.homeId, homeBlocks.homeId),
        // A request waiting for the host too: accepting it would double-book (ADR 0050).
        inArray(bookings.status, ['confirmed', 'requested']),
        sql`${bookings.stay} && ${homeBlocks.stay}`,
      ),
    )
    .where(
      and(
        eq(homeBlocks.homeId, homeId),
        eq(homeBlocks.source, 'import'),
        sql`upper(${homeBlocks.stay}) > ${day}::date`,
      ),
    )
    .orderBy(sql`lower(${homeBlocks.stay})`, asc(bookings.checkIn));
  const byImport = new Map<string, Conflict[]>();
  for (const { importId, ...conflict } of rows) {
    if (!importId) continue;
    const list = byImport.get(importId) ?? [];
    list.push(conflict);
    byImport.set(importId, list);
  }
  return byImport;
}

function toImport(row: CalendarImportRow, blockedRanges: number, conflicts: Conflict[]): CalendarImport {
  return {
    id: row.id,
    homeId: row.homeId,
    name: row.name,
    url: row.url,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastErrorCode: row.lastErrorCode,
    lastError: row.lastError,
    blockedRanges,
    conflicts,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listImports(db: Db, homeId: string, now: Date): Promise<CalendarImport[]> {
  const day = homeToday(now);
  const [rows, counts, conflicts] = await Promise.all([
    db
      .select()
      .from(calendarImports)
      .where(eq(calendarImports.homeId, homeId))
      .orderBy(asc(calendarImports.createdAt), asc(calendarImports.id)),
    db
      .select({ importId: homeBlocks.importId, n: count() })
      .from(homeBlocks)
      .where(
        and(
          eq(homeBlocks.homeId, homeId),
          eq(homeBlocks.source, 'import'),
          sql`upper(${homeBlocks.stay}) > ${day}::date`,
        ),
      )
      .groupBy(homeBlocks.importId),
    conflictsOf(db, homeId, day),
  ]);
  const blocked = new Map(counts.map((c) => [c.importId, c.n]));
  return rows.map((r) => toImport(r, blocked.get(r.id) ?? 0, conflicts.get(r.id) ?? []));
}

/** The names of calendar imports by id (the host's calendar labels imported nights with them). */
export async function importNamesOf(db: Db, importIds: string[]): Promise<Map<string, string>> {
  const ids = importIds.filter(isUuid);
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: calendarImports.id, name: calendarImports.name })
    .from(calendarImports)
    .where(inArray(calendarImports.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findImport(db: Db, homeId: string, importId: string): Promise<CalendarImportRow | null> {
  if (!isUuid(importId)) return null;
  const [row] = await db
    .select()
    .from(calendarImports)
    .where(and(eq(calendarImports.id, importId), eq(calendarImports.homeId, homeId)));
  return row ?? null;
}

export async function oneImport(db: Db, row: CalendarImportRow, now: Date): Promise<CalendarImport> {
  const all = await listImports(db, row.homeId, now);
  return all.find((i) => i.id === row.id) ?? toImport(row, 0, []);
}

export async function createImport(db: Db, homeId: string, input: CreateCalendarImport): Promise<CalendarImportRow> {
  return inTransaction(db, async (tx) => {
    // One add at a time per home, so the limit and the duplicate check hold under concurrency.
    await tx.select({ id: homes.id }).from(homes).where(eq(homes.id, homeId)).for('no key update');
    const existing = await tx
      .select({ url: calendarImports.url })
      .from(calendarImports)
      .where(eq(calendarImports.homeId, homeId));
    if (existing.some((e) => e.url === input.url)) {
      throw conflict('This calendar is already imported into this home', 'already_imported');
    }
    if (existing.length >= MAX_IMPORTS_PER_HOME) {
      throw conflict(`A home can import at most ${MAX_IMPORTS_PER_HOME} calendars`, 'too_many_imports');
    }
    const [row] = await tx.insert(calendarImports).values({ homeId, name: input.name, url: input.url }).returning();
    return row!;
  });
}

/** Deletes the import; its blocks go with it (ON DELETE CASCADE), so their nights are free again. */
export async function deleteImport(db: Db, homeId: string, importId: string): Promise<void> {
  if (!isUuid(importId)) throw notFound('No calendar import with this id');
  // The home's row first (ADR 0029): its blocks going refresh the home's nights, and a home being
  // deleted has its row before it reaches this import.
  const gone = await underHomeLock(db, homeId, (tx) =>
    tx
      .delete(calendarImports)
      .where(and(eq(calendarImports.id, importId), eq(calendarImports.homeId, homeId)))
      .returning({ id: calendarImports.id }),
  );
  if (!gone.length) throw notFound('No calendar import with this id');
}

/** "Sync now" per home: every import once (a home has at most 10) per 10 minutes; the background sync is apart. */
export const SYNC_NOW_LIMIT = { window: 600, max: MAX_IMPORTS_PER_HOME };

/** The 429 too_many_syncs past SYNC_NOW_LIMIT, `seconds` before the window ends. */
export function tooManySyncs(seconds: number): Error {
  const wait = seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
  return limitReached(
    `This home's calendars were synced ${SYNC_NOW_LIMIT.max} times in the last ${SYNC_NOW_LIMIT.window / 60} minutes. ` +
      `Try again in ${wait}; they are also synced automatically.`,
    'too_many_syncs',
  );
}

/** Fetches the feed and replaces the import's blocks; a failure is recorded on the row. Answers the row after. */
export async function syncImport(deps: SyncDeps, row: CalendarImportRow): Promise<CalendarImportRow> {
  const { db, clock } = deps;
  let outcome:
    | { kind: 'not_modified' }
    | { kind: 'ok'; ranges: FeedRange[]; etag: string | null; lastModified: string | null }
    | { kind: 'failed'; code: string; message: string };
  try {
    const fetched = await fetchFeed(row.url, { etag: row.etag, lastModified: row.lastModified }, deps.fetchPolicy);
    outcome =
      fetched.status === 'not_modified'
        ? { kind: 'not_modified' }
        : {
            kind: 'ok',
            // Read off the event loop, with a deadline: what a feed costs to read is up to whoever serves it.
            ranges: await parseFeedOffThread(fetched.body, homeToday(clock.now()), deps.fetchPolicy.parseTimeoutMs),
            etag: fetched.etag,
            lastModified: fetched.lastModified,
          };
  } catch (err) {
    if (!(err instanceof FeedFetchError || err instanceof FeedParseError)) {
      deps.log?.error({ err, importId: row.id }, 'calendar import: unexpected failure');
    }
    outcome =
      err instanceof FeedFetchError || err instanceof FeedParseError
        ? { kind: 'failed', code: err.code, message: err.message }
        : { kind: 'failed', code: 'sync_failed', message: 'The calendar could not be synced. Try again later.' };
  }
  const now = clock.now();
  // The home's row before the import's (ADR 0029): replacing its blocks refreshes the home's nights.
  return underHomeLock(db, row.homeId, async (tx) => {
    const [locked] = await tx.select().from(calendarImports).where(eq(calendarImports.id, row.id)).for('update');
    // Deleted while it was being fetched: nothing to write.
    if (!locked) return row;
    if (outcome.kind === 'failed') {
      const [updated] = await tx
        .update(calendarImports)
        .set({ lastSyncedAt: now, lastErrorCode: outcome.code, lastError: outcome.message })
        .where(eq(calendarImports.id, row.id))
        .returning();
      deps.log?.info({ importId: row.id, code: outcome.code }, 'calendar import: sync failed');
      return updated!;
    }
    if (outcome.kind === 'ok') {
      await tx.delete(homeBlocks).where(eq(homeBlocks.importId, row.id));
      if (outcome.ranges.length) {
        await tx.insert(homeBlocks).values(
          outcome.ranges.map((r) => ({
            homeId: locked.homeId,
            stay: `[${r.from},${r.to})`,
            source: 'import' as const,
            importId: row.id,
            externalUid: r.uid.slice(0, 1000),
          })),
        );
      }
    }
    const [updated] = await tx
      .update(calendarImports)
      .set({
        lastSyncedAt: now,
        lastErrorCode: null,
        lastError: null,
        ...(outcome.kind === 'ok' && { etag: outcome.etag, lastModified: outcome.lastModified }),
      })
      .where(eq(calendarImports.id, row.id))
      .returning();
    return updated!;
  });
}

/** One background pass: every import not synced for `staleMs`, oldest first, a few at a time. */
export async function syncDueImports(
  deps: SyncDeps,
  staleMs: number,
  limit = 500,
): Promise<{ synced: number; failed: number }> {
  const before = new Date(deps.clock.now().getTime() - staleMs);
  const due = await deps.db
    .select()
    .from(calendarImports)
    .where(
      sql`${calendarImports.lastSyncedAt} is null or ${calendarImports.lastSyncedAt} < ${before.toISOString()}::timestamptz`,
    )
    .orderBy(sql`${calendarImports.lastSyncedAt} asc nulls first`)
    .limit(limit);
  let synced = 0;
  let failed = 0;
  const queue = [...due];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const after = await syncImport(deps, row);
      if (after.lastErrorCode) failed++;
      else synced++;
    }
  };
  // A few feeds at once: one slow feed (up to its 10 s deadline) does not hold up the rest.
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return { synced, failed };
}
