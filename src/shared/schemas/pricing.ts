/**
 * What a host sets to price a stay and to choose who books (issue 27): the price by date (weekend
 * price, price periods), length-of-stay and timing discounts, the extra-guest fee, the security
 * deposit, and the booking mode. Money is in dollars on the wire (as `price`), cents inside.
 */
import { z } from 'zod';
import { amountSchema, isoDate } from './common';
import { singleLineText } from './text';

export const BOOKING_MODES = ['instant', 'request'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

/** What a host may ask of a guest before they book instantly; others are offered request-to-book. */
export const INSTANT_BOOK_REQUIREMENTS = ['verified_email', 'profile_photo', 'good_review'] as const;
export type InstantBookRequirement = (typeof INSTANT_BOOK_REQUIREMENTS)[number];

/** A discount above this would be a giveaway, more likely a typo. */
export const DISCOUNT_PERCENT_MAX = 90;
/** Last-minute and early-bird windows: at most a year. */
export const DISCOUNT_DAYS_MAX = 365;
/** Highest nightly or weekend price and extra-guest fee, as HOME_PRICE_MAX. */
export const PRICING_AMOUNT_MAX = 1_000_000;
export const SECURITY_DEPOSIT_MAX = 100_000;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: () => `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} can be at most ${max}`);

const discountPercent = (label: string) => wholeNumber(label, 0, DISCOUNT_PERCENT_MAX).describe('Percent; 0: none');

/** The pricing and booking-mode settings of a home; each left out of a PUT is kept. */
export const homePricingFieldsSchema = z.object({
  weekendPrice: amountSchema({ label: 'Weekend price', min: 0.01, max: PRICING_AMOUNT_MAX })
    .nullable()
    .optional()
    .describe("Nightly price of Friday and Saturday nights (the home's time zone), in dollars; null: the base price"),
  weeklyDiscountPercent: discountPercent('Weekly discount')
    .optional()
    .describe('Off the nights of a stay of 7+ nights'),
  monthlyDiscountPercent: discountPercent('Monthly discount')
    .optional()
    .describe('Off the nights of a stay of 28+ nights (instead of the weekly one)'),
  lastMinuteDiscountPercent: discountPercent('Last-minute discount')
    .optional()
    .describe('Off the nights when check-in is within lastMinuteDays of booking'),
  lastMinuteDays: wholeNumber('Last-minute days', 1, DISCOUNT_DAYS_MAX).optional(),
  earlyBirdDiscountPercent: discountPercent('Early-bird discount')
    .optional()
    .describe('Off the nights when booked at least earlyBirdDays before check-in'),
  earlyBirdDays: wholeNumber('Early-bird days', 1, DISCOUNT_DAYS_MAX).optional(),
  guestsIncluded: wholeNumber('Guests included', 1, 50)
    .optional()
    .describe('Guests the nightly price covers; each one more pays extraGuestFee a night. At most total_guest'),
  extraGuestFee: amountSchema({ label: 'Extra-guest fee', min: 0, max: PRICING_AMOUNT_MAX })
    .optional()
    .describe('Per night for each guest above guestsIncluded, in dollars; 0: none'),
  securityDeposit: amountSchema({ label: 'Security deposit', min: 0, max: SECURITY_DEPOSIT_MAX })
    .optional()
    .describe('Authorised on the card at booking, not charged; released after check-out unless claimed. 0: none'),
  bookingMode: z
    .enum(BOOKING_MODES, { error: 'Choose instant or request' })
    .optional()
    .describe('instant: guests book at once; request: the host accepts or declines each booking within 24 hours'),
  instantBookRequirements: z
    .array(z.enum(INSTANT_BOOK_REQUIREMENTS))
    .max(INSTANT_BOOK_REQUIREMENTS.length)
    .refine((a) => new Set(a).size === a.length, 'A requirement is listed twice')
    .optional()
    .describe('Instant book only for guests who meet these; others may request to book'),
});

/** The same settings as a Home carries them (every one present). */
export const homePricingSchema = z.object({
  weekendPrice: z.number().nullable().describe('Friday and Saturday nights, in dollars; null: the base price'),
  weeklyDiscountPercent: z.number().int(),
  monthlyDiscountPercent: z.number().int(),
  lastMinuteDiscountPercent: z.number().int(),
  lastMinuteDays: z.number().int(),
  earlyBirdDiscountPercent: z.number().int(),
  earlyBirdDays: z.number().int(),
  guestsIncluded: z.number().int(),
  extraGuestFee: z.number().describe('Per night for each guest above guestsIncluded, in dollars'),
  securityDeposit: z.number().describe('Held on the card, not charged, in dollars; 0: none'),
  bookingMode: z.enum(BOOKING_MODES),
  instantBookRequirements: z.array(z.enum(INSTANT_BOOK_REQUIREMENTS)),
});
export type HomePricing = z.infer<typeof homePricingSchema>;

/* ---------- Price periods: a nightly price for some nights, over the base and weekend prices ---------- */

/** A period's name ("High season") fits a breakdown line; the database checks it too (migration 0038). */
export const PRICE_PERIOD_NAME_MAX = 40;

/** Optional: one line, trimmed; empty (or null) means no name (the breakdown then says "price period"). */
const periodName = singleLineText({
  max: PRICE_PERIOD_NAME_MAX,
  tooLong: `The name can be at most ${PRICE_PERIOD_NAME_MAX} characters`,
  notOneLine: 'The name must be one line of text',
}).describe(`Shown in the price breakdown, e.g. "High season"; at most ${PRICE_PERIOD_NAME_MAX} characters`);

export const pricePeriodSchema = z
  .object({
    _id: z.string(),
    from: isoDate.describe('First night priced'),
    to: isoDate.describe('The night after the last one priced (exclusive, as blocks)'),
    price: z.number().describe('Nightly price for these nights, in dollars'),
    name: z.string().nullable().describe('The host\'s name for it ("High season"); null: none'),
  })
  .meta({ id: 'PricePeriod' });
export type PricePeriod = z.infer<typeof pricePeriodSchema>;

export const pricePeriodListSchema = z.object({ periods: z.array(pricePeriodSchema) }).meta({ id: 'PricePeriods' });
export type PricePeriodList = z.infer<typeof pricePeriodListSchema>;

/** POST /api/home/:id/price-periods: nights already in another period take the new price (that one is cut). */
export const createPricePeriodSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    price: amountSchema({ label: 'Price', min: 0.01, max: PRICING_AMOUNT_MAX }),
    name: periodName.nullable().optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.from >= p.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last night must be after the first' });
  })
  .meta({ id: 'CreatePricePeriod' });
export type CreatePricePeriod = z.infer<typeof createPricePeriodSchema>;

/**
 * PATCH /api/home/:id/price-periods/:periodId: a new price, name and/or new nights for one period, which
 * keeps its id. A period whose first night is over may change its price and its end, not its start.
 */
export const updatePricePeriodSchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    price: createPricePeriodSchema.shape.price.optional(),
    name: periodName.nullable().optional().describe('A new name; null or "": none'),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.from === undefined && p.to === undefined && p.price === undefined && p.name === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: 'Give a new price, name or nights' });
    if (p.from !== undefined && p.to !== undefined && p.from >= p.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last night must be after the first' });
  })
  .meta({ id: 'UpdatePricePeriod' });
export type UpdatePricePeriod = z.infer<typeof updatePricePeriodSchema>;

export const pricePeriodParams = z
  .object({ id: z.string().min(1).max(100), periodId: z.string().min(1).max(100) })
  .strict();

/** A new home's settings (the columns' defaults, migration 0025): one flat price, every guest included, instant book. */
export const DEFAULT_HOME_PRICING: Omit<HomePricing, 'guestsIncluded'> = {
  weekendPrice: null,
  weeklyDiscountPercent: 0,
  monthlyDiscountPercent: 0,
  lastMinuteDiscountPercent: 0,
  lastMinuteDays: 7,
  earlyBirdDiscountPercent: 0,
  earlyBirdDays: 90,
  extraGuestFee: 0,
  securityDeposit: 0,
  bookingMode: 'instant',
  instantBookRequirements: [],
};
