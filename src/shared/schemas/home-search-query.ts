import { z } from 'zod';
import { HOMES_PAGE_DEFAULT, HOMES_PAGE_MAX } from '../constants';
import { dayNumber, isIsoDate } from '../stay';
import { bboxParam } from './geo';
import { emailSchema } from './users';
import { HOME_GUESTS_MAX, HOME_PRICE_MAX, HOME_ROOMS_MAX } from './home-limits';

/* ---------- The homes search's query (GET /api/homes), re-exported by homes.ts ---------- */

/** The orders a homes list can be asked in; `newest` is the default. */
export const HOMES_SORTS = ['newest', 'price_asc', 'price_desc', 'rating'] as const;
export type HomesSort = (typeof HOMES_SORTS)[number];

/** The fields of a homes search, before the checks across fields (other queries pick from it). */
export const homesQueryFields = z
  .object({
    limit: z.coerce.number().int().min(1).max(HOMES_PAGE_MAX).default(HOMES_PAGE_DEFAULT),
    cursor: z.string().max(200).optional(),
    location: z.string().trim().min(1).max(120).optional(),
    checkIn: z
      .string()
      .refine(isIsoDate, { message: 'Arrival (checkIn) is not a calendar date: use YYYY-MM-DD' })
      .meta({ format: 'date', example: '2026-12-01' })
      .optional(),
    checkOut: z
      .string()
      .refine(isIsoDate, { message: 'Departure (checkOut) is not a calendar date: use YYYY-MM-DD' })
      .meta({ format: 'date', example: '2026-12-04' })
      .optional(),
    guests: z.coerce.number().int().min(1).max(HOME_GUESTS_MAX).optional(),
    minPrice: z.coerce
      .number()
      .int()
      .min(0)
      .max(HOME_PRICE_MAX)
      .optional()
      .describe('Lowest nightly price, in whole dollars (inclusive)'),
    maxPrice: z.coerce
      .number()
      .int()
      .min(0)
      .max(HOME_PRICE_MAX)
      .optional()
      .describe('Highest nightly price, in whole dollars (inclusive)'),
    bedrooms: z.coerce.number().int().min(1).max(HOME_ROOMS_MAX).optional().describe('At least this many bedrooms'),
    sort: z
      .enum(HOMES_SORTS)
      .optional()
      .describe('newest (default; in a place search the best-matching place first), price_asc, price_desc, rating'),
    email: emailSchema.optional().describe("A host's homes only: that host or an admin, signed in"),
    bbox: bboxParam.optional(),
  })
  .strict();

/** Checks across fields: both dates or neither, in order; a price range that is not upside down. */
export function checkSearchRanges(
  q: { checkIn?: string; checkOut?: string; minPrice?: number; maxPrice?: number },
  ctx: z.RefinementCtx,
): void {
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must not be below minPrice' });
  }
  if ((q.checkIn === undefined) !== (q.checkOut === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['checkOut'],
      message: 'Give both arrival (checkIn) and departure (checkOut), or neither',
    });
  } else if (q.checkIn && q.checkOut && (dayNumber(q.checkIn) ?? 0) >= (dayNumber(q.checkOut) ?? 0)) {
    ctx.addIssue({
      code: 'custom',
      path: ['checkOut'],
      message: 'Departure (checkOut) must be after arrival (checkIn)',
    });
  }
}

export const homesQuerySchema = homesQueryFields.superRefine(checkSearchRanges);
export type HomesQuery = z.infer<typeof homesQuerySchema>;
