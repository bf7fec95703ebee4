import { z } from 'zod';
import { CANCELLATION_POLICIES } from '../cancellation';
import { isoDate } from './common';
import { geoPointSchema } from './geo';
import { homePricingSchema } from './pricing';
// Evaluated before the Home, as when homes.ts was one file that imported them: the schemas they name
// (UploadResult, User, ...) keep their place before Home in the OpenAPI document's components.
import './uploads';
import './users';

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
