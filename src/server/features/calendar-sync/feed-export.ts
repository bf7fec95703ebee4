/**
 * A home's secret iCal feed: its token (made on first use, rotated by the host) and the feed
 * itself, one all-day VEVENT per confirmed (or requested) booking and per host block, "Reserved" and nothing
 * else (no guest, no note). Imported blocks are not exported back: two channels importing each
 * other would otherwise keep a removed stay alive forever.
 */
import { homeToday } from '#shared/time-zones';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { addDays } from '#shared/stay';
import type { Db } from '#server/db/client';
import { bookings, calendarFeeds, homeBlocks } from '#server/db/schema';
import { blockDays } from '#server/db/booking-conditions';

/** 32 random bytes: far beyond guessing (ADR 0016). */
const newFeedToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** The home's feed token, made on first use (two first uses at once agree on one). */
export async function feedTokenOf(db: Db, homeId: string): Promise<{ token: string; rotatedAt: Date | null }> {
  await db.insert(calendarFeeds).values({ homeId, token: newFeedToken() }).onConflictDoNothing();
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.homeId, homeId));
  return { token: row!.token, rotatedAt: row!.rotatedAt };
}

/** A new token: the old URL answers 404 from now on. */
export async function rotateFeedToken(db: Db, homeId: string, now: Date) {
  const token = newFeedToken();
  await db
    .insert(calendarFeeds)
    .values({ homeId, token, rotatedAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.homeId, set: { token, rotatedAt: now } });
  return { token, rotatedAt: now };
}

/** Stays and blocks ended this long ago still show (other channels may show a little history). */
const HISTORY_DAYS = 30;

/** The feed of the home with this token, or null when no home has it. */
export async function feedFor(db: Db, token: string, now: Date): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [feed] = await db
    .select({ homeId: calendarFeeds.homeId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  if (!feed) return null;
  const since = addDays(homeToday(now), -HISTORY_DAYS);
  const [stays, blocks] = await Promise.all([
    db
      .select({ id: bookings.id, from: bookings.checkIn, to: bookings.checkOut, stamp: bookings.createdAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.homeId, feed.homeId),
          // A request waiting for the host holds its nights like a confirmed stay (ADR 0050).
          inArray(bookings.status, ['confirmed', 'requested']),
          gt(bookings.checkOut, since),
        ),
      ),
    db
      .select({
        id: homeBlocks.id,
        ...blockDays,
        stamp: sql<Date>`coalesce(${homeBlocks.updatedAt}, ${homeBlocks.createdAt})`.mapWith(homeBlocks.createdAt),
        revision: homeBlocks.revision,
      })
      .from(homeBlocks)
      .where(
        and(
          eq(homeBlocks.homeId, feed.homeId),
          eq(homeBlocks.source, 'host'),
          sql`upper(${homeBlocks.stay}) > ${since}::date`,
        ),
      ),
  ]);
  const calendar = ical({
    name: 'StayHub',
    prodId: { company: 'StayHub', product: 'Calendar', language: 'EN' },
  });
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const events = [
    // A confirmed stay's nights never change: its event has one revision.
    ...stays.map((s) => ({ ...s, revision: 0, uid: `booking-${s.id}@stayhub` })),
    ...blocks.map((b) => ({ ...b, uid: `block-${b.id}@stayhub` })),
  ].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.uid.localeCompare(b.uid)));
  for (const e of events) {
    calendar.createEvent({
      id: e.uid,
      start: day(e.from),
      end: day(e.to),
      allDay: true,
      summary: 'Reserved',
      // DTSTAMP and SEQUENCE from the row, so the same state answers the same bytes (stable for
      // caches and diffing) and a block's changed nights are a newer revision of its event: a
      // feed without METHOD dates each event by its DTSTAMP (RFC 5545, 3.8.7.2).
      stamp: e.stamp,
      sequence: e.revision,
    });
  }
  return calendar.toString();
}
