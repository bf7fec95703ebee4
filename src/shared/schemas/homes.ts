import { z } from 'zod';
import { HOMES_PAGE_DEFAULT, HOMES_PAGE_MAX, MAX_STAY_NIGHTS } from '../constants';
import { CANCELLATION_POLICIES } from '../cancellation';
import { dayNumber, isIsoDate } from '../stay';
import { amountSchema, isoDate } from './common';
import { bboxParam, geoPointSchema, pinSchema } from './geo';
import { homePricingFieldsSchema, homePricingSchema } from './pricing';
import { isTimeZone } from '../time-zones';
import { singleLineText } from './text';
import { UPLOADED_IMAGE_URL } from './uploads';
import { EMAIL_MAX_LENGTH, emailSchema } from './users';

/** Why moderation unlisted a home (issue 30, ADR 0060): a resolved report (with the admin's note) or the host's suspension. */
export const homeUnlistedSchema = z.object({
  at: z.string().describe('When it was unlisted (ISO instant)'),
  reason: z.enum(['report', 'suspension']),
  note: z.string().nullable().describe("The admin's note when a report unlisted it (mailed to the host); else null"),
});
export type HomeUnlisted = z.infer<typeof homeUnlistedSchema>;

/** A home as the API answers it. `hostEmail` and `email` are the spec's two readings of one field. */
export const homeSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    location: z.string(),
    image: z.string().describe('Cover image URL (the first of images)'),
    images: z.array(z.string()),
    price: z.number().describe('Nightly price, in dollars'),
    total_guest: z.number().int(),
    bedrooms: z.number().int(),
    bathrooms: z.number().int(),
    description: z.string(),
    from: isoDate.describe('First available date'),
    to: isoDate.describe('Last available date (check-out day at the latest)'),
    hostEmail: z.string(),
    email: z.string(),
    minNights: z.number().int().describe('Shortest stay, in nights'),
    maxNights: z.number().int().describe('Longest stay, in nights'),
    checkInTime: z.string().describe('Check-in from, HH:MM (24-hour)'),
    checkOutTime: z.string().describe('Check-out by, HH:MM (24-hour)'),
    houseRules: z.string().describe("The host's house rules, shown in checkout beside the general terms"),
    rating: z.number().nullable().describe('Average overall rating of its published reviews (null: none yet)'),
    reviewCount: z.number().int().describe('How many published reviews it has'),
    host: z
      .object({
        id: z.string().describe("The host's user id (to report them, POST /api/reports)"),
        name: z.string(),
        image: z.string().nullable(),
        joinedAt: z.string(),
        reviewCount: z.number().int().describe("Published reviews of all the host's homes"),
      })
      .nullable()
      .optional()
      .describe('GET /api/home/:id only: who hosts it (null when the host account is gone)'),
    cleaningFee: z.number().describe('Charged once per stay, in dollars; 0: none'),
    cancellationPolicy: z.enum(CANCELLATION_POLICIES),
    timeZone: z
      .string()
      .describe("The home's IANA time zone: check-in/out times, cut-offs and its calendar's today are read in it"),
    ...homePricingSchema.shape,
    point: geoPointSchema.describe(
      'Where the home is, approximately: its exact point moved by a fixed per-home offset of 200–500 m',
    ),
    exactPoint: geoPointSchema
      .optional()
      .describe(
        'GET /api/home/:id only, for its host, an admin and a guest with a confirmed or completed booking of it: the exact point',
      ),
    stay: z
      .object({
        nights: z.number().int(),
        nightly: z.number().describe("The stay's average nightly price before discounts, in dollars"),
        total: z
          .number()
          .describe('What the stay costs in all (nights, discounts, extra guests, fees, tax), in dollars'),
      })
      .optional()
      .describe(
        'GET /api/homes with checkIn and checkOut only: the price of that stay for the guests asked, as the quote prices it',
      ),
    unlisted: homeUnlistedSchema
      .optional()
      .describe(
        "Only for the home's host and admins (GET /api/home/:id, GET /api/homes?email=): moderation took it out of " +
          'search and its page, and it cannot be booked; anyone else gets 404 and never sees it',
      ),
  })
  .meta({ id: 'Home' });

/** Fields a Home gets per request, not stored in homes.api_json. */
export const PER_REQUEST_HOME_FIELDS = ['host', 'stay', 'exactPoint', 'unlisted'] as const;
export type Home = z.infer<typeof homeSchema>;

export const homeListSchema = z.array(homeSchema);

export const HOME_TEXT_MAX = 120;
export const HOME_DESCRIPTION_MAX = 5000;
export const HOME_GUESTS_MAX = 50;
export const HOME_ROOMS_MAX = 50;
export const HOME_IMAGES_MAX = 10;
/** Highest nightly price; keeps the stored cents well inside a 32-bit integer. */
export const HOME_PRICE_MAX = 1_000_000;

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

/* ---------- Writes: one schema for the add/edit forms and the server ---------- */

/** A title or location: one line of plain text without a web address (both are copied into mails). */
const text = (label: string) =>
  singleLineText({
    required: `${label} is required`,
    max: HOME_TEXT_MAX,
    tooLong: `${label} can be at most ${HOME_TEXT_MAX} characters`,
    notOneLine: `${label} must be a single line of plain text`,
    noWebAddress: `${label} must not contain a web address`,
  });

/** An empty number field reaches the schema as NaN (or, from the API, undefined): say it is needed. */
const numberError =
  (label: string) =>
  ({ input }: { input: unknown }) =>
    input === undefined || (typeof input === 'number' && Number.isNaN(input))
      ? `${label} is required`
      : `${label} must be a number`;

const count = (label: string, min: number, max: number) =>
  z
    .number({ error: numberError(label) })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} can be at most ${max}`);

const uploadedImage = z
  .string()
  .max(200)
  .regex(UPLOADED_IMAGE_URL, 'Use a picture uploaded with the form (/uploads/<name>-1280.webp)');

/** A picture a home may already have (an upload, or the demo data's); a new one must be an upload (checked by the server). */
const storedImage = z
  .string()
  .max(200)
  .regex(
    /^\/uploads\/[a-z0-9-]{1,120}-1280\.webp$/,
    'Use a picture uploaded with the form (/uploads/<name>-1280.webp)',
  );

/**
 * The fields of a home as the forms send them, without the cross-field rule
 * (zod cannot `.pick`/`.omit` a refined object: derive form variants from this).
 */
export const homeFieldsSchema = z
  .object({
    location: text('Location'),
    title: text('Title'),
    from: isoDate.describe('First available date'),
    to: isoDate.describe('Last available date; after from'),
    price: amountSchema({ label: 'Price', min: 0.01, max: HOME_PRICE_MAX, error: numberError('Price') }).describe(
      'Nightly price in dollars, at least 0.01, at most 2 decimals',
    ),
    total_guest: count('Guests', 1, HOME_GUESTS_MAX),
    bedrooms: count('Bedrooms', 0, HOME_ROOMS_MAX),
    bathrooms: count('Bathrooms', 0, HOME_ROOMS_MAX),
    description: z
      .string()
      .max(HOME_DESCRIPTION_MAX, `Description can be at most ${HOME_DESCRIPTION_MAX} characters`)
      .optional(),
    image: uploadedImage.optional().describe("Cover picture (the spec's single image); put first"),
    images: z
      .array(uploadedImage)
      .max(HOME_IMAGES_MAX, `At most ${HOME_IMAGES_MAX} pictures`)
      .optional()
      .describe('Pictures in order, the first is the cover'),
    cleaningFee: amountSchema({
      label: 'Cleaning fee',
      min: 0,
      max: HOME_PRICE_MAX,
      error: () => 'Cleaning fee must be a number',
    })
      .optional()
      .describe('Charged once per stay, in dollars; left out: 0 on create, kept on edit'),
    cancellationPolicy: z
      .enum(CANCELLATION_POLICIES, { error: 'Choose flexible, moderate or strict' })
      .optional()
      .describe('Left out: flexible on create, kept on edit'),
    timeZone: z
      .string()
      .refine(isTimeZone, { message: 'Choose a time zone from the list (an IANA name such as Asia/Dhaka)' })
      .optional()
      .describe(
        'IANA time zone; left out: the zone of a known city in the location (else UTC) on create, kept on edit',
      ),
    point: pinSchema
      .optional()
      .describe(
        "The pin: where the home is exactly (shown only to its host, admins and guests with a confirmed stay). Left out: the gazetteer's point of the location on create (a place it does not know: the city of the home's time zone, else Greenwich), kept on edit unless the location changes to a place it knows",
      ),
    hostEmail: z
      .email('Host email is not valid')
      .max(EMAIL_MAX_LENGTH)
      .optional()
      .describe("Must be the signed-in host's own email"),
  })
  .strict();

/** The pictures of a create payload in order: `image` first, then `images`, without repeats. */
export function homeImages(input: { image?: string; images?: string[] }): string[] {
  return [...new Set([...(input.image ? [input.image] : []), ...(input.images ?? [])])];
}

/** POST /api/homes body. */
export const createHomeSchema = homeFieldsSchema
  .superRefine((home, ctx) => {
    const from = dayNumber(home.from);
    const to = dayNumber(home.to);
    if (from !== null && to !== null && from >= to) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The available-to date must be after the available-from date',
      });
    }
    if (homeImages(home).length > HOME_IMAGES_MAX) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: `At most ${HOME_IMAGES_MAX} pictures` });
    }
  })
  .meta({ id: 'CreateHome' });
export type CreateHomeInput = z.input<typeof createHomeSchema>;
export type CreateHome = z.infer<typeof createHomeSchema>;

export const HOUSE_RULES_MAX = 5000;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const time = (label: string) => z.string().regex(TIME, `${label} must be a time as HH:MM (24-hour)`);

/**
 * PUT /api/home/:id body: the spec's edit-form fields (description may be left
 * out: it is then kept) and, beyond the spec (D41), the availability window
 * (`from` and `to` together), the pictures in order and the stay settings;
 * each left out is kept.
 */
export const updateHomeSchema = homeFieldsSchema
  .pick({
    location: true,
    title: true,
    price: true,
    total_guest: true,
    bedrooms: true,
    bathrooms: true,
    description: true,
    cleaningFee: true,
    cancellationPolicy: true,
    timeZone: true,
    point: true,
  })
  .extend({
    from: isoDate.optional().describe('First available date; with `to`'),
    to: isoDate.optional().describe('Last available date; with `from`, after it'),
    images: z
      .array(storedImage)
      .max(HOME_IMAGES_MAX, `At most ${HOME_IMAGES_MAX} pictures`)
      .optional()
      .describe(
        'All pictures in order (the first is the cover); replaces the stored list. A new one must be an upload',
      ),
    minNights: count('Minimum nights', 1, MAX_STAY_NIGHTS).optional(),
    maxNights: count('Maximum nights', 1, MAX_STAY_NIGHTS).optional(),
    checkInTime: time('Check-in time').optional(),
    checkOutTime: time('Check-out time').optional(),
    houseRules: z.string().max(HOUSE_RULES_MAX, `House rules can be at most ${HOUSE_RULES_MAX} characters`).optional(),
    ...homePricingFieldsSchema.shape,
  })
  .strict()
  .superRefine((home, ctx) => {
    if ((home.from === undefined) !== (home.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Give both available dates (from and to), or neither' });
    } else if (home.from && home.to && (dayNumber(home.from) ?? 0) >= (dayNumber(home.to) ?? 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The available-to date must be after the available-from date',
      });
    }
    if (home.images && new Set(home.images).size !== home.images.length) {
      ctx.addIssue({ code: 'custom', path: ['images'], message: 'A picture is listed twice' });
    }
    if (home.minNights !== undefined && home.maxNights !== undefined && home.minNights > home.maxNights) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxNights'],
        message: 'Maximum nights must be at least the minimum nights',
      });
    }
  })
  .meta({ id: 'UpdateHome' });
export type UpdateHomeInput = z.input<typeof updateHomeSchema>;
export type UpdateHome = z.infer<typeof updateHomeSchema>;
