/** iCal calendar sync: a home's export feed and the external feeds imported into it. */
import { z } from 'zod';
import { singleLineText } from './text';
import { isoDate } from './common';

/** GET|POST /api/home/:id/calendar-feed(/rotate): the home's secret feed URL. */
export const calendarFeedSchema = z
  .object({
    url: z.string().describe('Secret: anyone with it can read which nights are taken (no guest data)'),
    rotatedAt: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const IMPORT_NAME_MAX = 80;
export const IMPORT_URL_MAX = 2000;
/** Feeds one home may import (every sync fetches each one). */
export const MAX_IMPORTS_PER_HOME = 10;

export const createCalendarImportSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'Paste the calendar link (it starts with https://)')
      .max(IMPORT_URL_MAX)
      .refine((value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'Expected an http:// or https:// link to an .ics calendar'),
    name: singleLineText({
      required: 'Name the calendar, e.g. Airbnb',
      max: IMPORT_NAME_MAX,
      tooLong: `The name can be at most ${IMPORT_NAME_MAX} characters`,
      notOneLine: 'The name must be a single line of plain text',
    }),
  })
  .strict()
  .meta({ id: 'CreateCalendarImport' });
export type CreateCalendarImport = z.infer<typeof createCalendarImportSchema>;

/** An imported night range that overlaps a confirmed (or requested) StayHub booking (nothing is cancelled: the host decides). */
export const importConflictSchema = z.object({
  from: isoDate,
  to: isoDate,
  bookingId: z.string(),
  bookingFrom: isoDate,
  bookingTo: isoDate,
});

export const calendarImportSchema = z
  .object({
    id: z.string(),
    homeId: z.string(),
    name: z.string(),
    url: z.string(),
    lastSyncedAt: z.string().nullable().describe('When the feed was last fetched (successfully or not)'),
    lastErrorCode: z.string().nullable(),
    lastError: z.string().nullable().describe('Why the last sync failed; null when it worked'),
    blockedRanges: z.number().int().describe('Night ranges this feed blocks now'),
    conflicts: z.array(importConflictSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'CalendarImport' });
export type CalendarImport = z.infer<typeof calendarImportSchema>;

export const calendarImportListSchema = z
  .object({ imports: z.array(calendarImportSchema) })
  .meta({ id: 'CalendarImports' });
export type CalendarImportList = z.infer<typeof calendarImportListSchema>;

export const calendarImportParams = z
  .object({ id: z.string().min(1).max(100), importId: z.string().min(1).max(100) })
  .strict();

export const feedTokenParams = z.object({ token: z.string().min(1).max(200) }).strict();
