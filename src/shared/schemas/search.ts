import { z } from 'zod';
import { PLACE_MATCH_KINDS } from '#shared/place-match';
import { checkSearchRanges, HOME_PRICE_MAX, homesQueryFields } from './homes';

/**
 * The filters a price histogram is drawn over: a homes search without its price range, order and
 * paging, so the slider shows every price the other filters allow.
 */
export const priceHistogramQuerySchema = homesQueryFields
  .pick({ location: true, checkIn: true, checkOut: true, guests: true, bedrooms: true })
  .superRefine(checkSearchRanges);
export type PriceHistogramQuery = z.infer<typeof priceHistogramQuerySchema>;

export const PRICE_HISTOGRAM_BUCKETS = 24;

/** GET /api/homes/price-histogram: how many matching homes fall in each of equal-width price buckets. */
export const priceHistogramSchema = z
  .object({
    minPrice: z
      .number()
      .int()
      .min(0)
      .max(HOME_PRICE_MAX)
      .describe('Lowest nightly price among the matches, in dollars'),
    maxPrice: z
      .number()
      .int()
      .min(0)
      .max(HOME_PRICE_MAX)
      .describe('Highest nightly price among the matches, in dollars'),
    bucketWidth: z
      .number()
      .int()
      .min(1)
      .describe('Dollars covered by each bucket; bucket i starts at minPrice + i × width'),
    counts: z.array(z.number().int().min(0)).max(PRICE_HISTOGRAM_BUCKETS),
    total: z.number().int().min(0).describe('Homes counted (0: no match, counts empty)'),
    exact: z
      .boolean()
      .describe(
        'true: the counts are the homes the same search finds. false (dates without a place): homes that fit ' +
          'guests and bedrooms, whether or not free on those dates (ADR 0023)',
      ),
  })
  .meta({ id: 'PriceHistogram' });
export type PriceHistogram = z.infer<typeof priceHistogramSchema>;

export const PLACE_SUGGESTIONS_MAX = 8;

/** GET /api/places?q=: places that have homes, best match first (city part and word starts first). */
export const placesQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(120),
    limit: z.coerce.number().int().min(1).max(PLACE_SUGGESTIONS_MAX).default(PLACE_SUGGESTIONS_MAX),
  })
  .strict();

export const placeSuggestionsSchema = z
  .object({
    places: z.array(z.object({ location: z.string(), homes: z.number().int().min(1) })),
  })
  .meta({ id: 'PlaceSuggestions' });
export type PlaceSuggestions = z.infer<typeof placeSuggestionsSchema>;

/** GET /api/homes' Search-Match header (the kinds and the header's name: src/shared/place-match.ts). */
export const placeMatchSchema = z
  .object({
    query: z.string(),
    place: z.string().nullable(),
    kind: z.enum(PLACE_MATCH_KINDS),
  })
  .meta({ id: 'PlaceMatch' });
