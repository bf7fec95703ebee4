/** The host's calendar of one home and its blocks (issue 11). Dates are YYYY-MM-DD; `to` is exclusive. */
import { z } from 'zod';
import { plainText } from './text';
import { dayNumber } from '../stay';
import { isoDate } from './common';

/** The longest stretch one calendar read or one block may span. */
export const CALENDAR_MAX_DAYS = 366;
export const BLOCK_NOTE_MAX = 500;

function rangeIssue(from: string, to: string): string | null {
  const f = dayNumber(from);
  const t = dayNumber(to);
  if (f === null || t === null) return null; // the date fields report it
  if (t <= f) return '`to` must be after `from`';
  if (t - f > CALENDAR_MAX_DAYS) return `At most ${CALENDAR_MAX_DAYS} days at once`;
  return null;
}

/** Query parameters `from` and `to` (exclusive), said as `fromText` and `toText`: at most CALENDAR_MAX_DAYS nights. */
function nightRangeQuery(fromText: string, toText: string) {
  return z
    .object({ from: isoDate.describe(fromText), to: isoDate.describe(toText) })
    .strict()
    .superRefine((q, ctx) => {
      const issue = rangeIssue(q.from, q.to);
      if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: issue });
    });
}

export const calendarQuerySchema = nightRangeQuery(
  'First night shown',
  'The day after the last night shown (exclusive)',
);
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** requested: a request to book waits for the host's answer (it holds the nights as a booked stay does). */
export const NIGHT_STATUSES = ['available', 'booked', 'requested', 'held', 'blocked', 'imported'] as const;
export type NightStatus = (typeof NIGHT_STATUSES)[number];

export const calendarNightSchema = z.object({
  date: isoDate,
  status: z.enum(NIGHT_STATUSES),
  /** Inside the home's availability window (a night outside it cannot be booked whatever its status). */
  inWindow: z.boolean(),
  bookingId: z.string().optional(),
  guestName: z.string().optional().describe('booked, requested or held: who the stay is for'),
  blockId: z.string().optional().describe("blocked: the host's block covering the night"),
  note: z.string().optional().describe("blocked: the host's private note"),
  importName: z.string().optional().describe('imported: the calendar it came from, when known'),
  conflict: z
    .boolean()
    .optional()
    .describe('true when an imported calendar blocks a night that a StayHub stay also takes'),
});
export type CalendarNight = z.infer<typeof calendarNightSchema>;

export const calendarBlockSchema = z.object({
  id: z.string(),
  from: isoDate,
  to: isoDate,
  note: z.string().nullable(),
  source: z.enum(['host', 'import']),
  importId: z.string().nullable(),
});
export type CalendarBlock = z.infer<typeof calendarBlockSchema>;

export const calendarResponseSchema = z
  .object({
    homeId: z.string(),
    title: z.string(),
    from: isoDate,
    to: isoDate,
    window: z.object({ from: isoDate, to: isoDate }),
    nights: z.array(calendarNightSchema),
    blocks: z.array(calendarBlockSchema).describe('Blocks touching the range, host and imported'),
  })
  .meta({ id: 'HomeCalendar' });
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

export const createBlockSchema = z
  .object({
    from: isoDate.describe('First blocked night'),
    to: isoDate.describe('The day after the last blocked night (exclusive)'),
    note: plainText({
      max: BLOCK_NOTE_MAX,
      tooLong: `A note can be at most ${BLOCK_NOTE_MAX} characters`,
      notPlain: 'A note must be plain text: no control characters, separators or direction controls',
    })
      .optional()
      .describe('Private: only the host (and admins) see it'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = rangeIssue(b.from, b.to);
    if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: issue });
  })
  .meta({ id: 'CreateBlock' });
export type CreateBlockInput = z.input<typeof createBlockSchema>;
export type CreateBlock = z.infer<typeof createBlockSchema>;

export const createBlockResponseSchema = z.object({ id: z.string() });
export type CreateBlockResponse = z.infer<typeof createBlockResponseSchema>;

export const blockParams = z.object({ id: z.string().min(1).max(100), blockId: z.string().min(1).max(100) }).strict();

export const deleteBlockResponseSchema = z.object({ deleted: z.boolean() });

/**
 * Unblock the nights [from, to): the host's blocks there shrink, or split in two around them, so
 * their nights outside the range stay blocked with their notes. Imported nights are left as they are.
 */
export const unblockNightsQuerySchema = nightRangeQuery(
  'First night to free',
  'The day after the last night to free (exclusive)',
);
export type UnblockNightsQuery = z.infer<typeof unblockNightsQuerySchema>;

export const unblockNightsResponseSchema = z
  .object({ freedNights: z.number().int().describe("How many of the range's nights were the host's blocked nights") })
  .meta({ id: 'UnblockNights' });
export type UnblockNightsResponse = z.infer<typeof unblockNightsResponseSchema>;
