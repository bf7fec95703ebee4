import { z } from 'zod';
import { MAX_STAY_NIGHTS } from '../constants';
import { CANCELLATION_POLICIES } from '../cancellation';
import { dayNumber } from '../stay';
import { amountSchema, isoDate } from './common';
import { pinSchema } from './geo';
import { homePricingFieldsSchema } from './pricing';
import { isTimeZone } from '../time-zones';
import { singleLineText } from './text';
import { UPLOADED_IMAGE_URL } from './uploads';
import { EMAIL_MAX_LENGTH } from './users';
import {
  HOME_DESCRIPTION_MAX,
  HOME_GUESTS_MAX,
  HOME_IMAGES_MAX,
  HOME_PRICE_MAX,
  HOME_ROOMS_MAX,
  HOME_TEXT_MAX,
} from './home-limits';

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
