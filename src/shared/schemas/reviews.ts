import { z } from 'zod';
import { REVIEW_TEXT_MAX } from '../reviews';
import { isoDate } from './common';

const rating = (label: string) =>
  z
    .number({ error: `Rate ${label} from 1 to 5 stars.` })
    .int(`Rate ${label} from 1 to 5 stars.`)
    .min(1, `Rate ${label} from 1 to 5 stars.`)
    .max(5, `Rate ${label} from 1 to 5 stars.`);

// Line breaks and tabs are fine in a review; other control characters and bidi overrides are not.
const hasHiddenCharacters = (text: string) =>
  /[\u202A-\u202E\u2066-\u2069]/u.test(text) ||
  [...text].some((c) => /\p{Cc}/u.test(c) && c !== '\n' && c !== '\r' && c !== '\t');
export const reviewTextSchema = z
  .string({ error: 'Write a few words about the stay.' })
  .transform((text) => text.trim())
  .refine((text) => text.length > 0, { message: 'Write a few words about the stay.', abort: true })
  .refine((text) => text.length <= REVIEW_TEXT_MAX, {
    message: `Keep it to ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters at most.`,
    abort: true,
  })
  .refine((text) => !hasHiddenCharacters(text), { message: 'The text holds characters that cannot be shown.' });

/**
 * POST /api/bookings/:id/review. The guest rates the home overall and in the four categories;
 * the host rates the guest overall only (categories from a host are refused).
 */
export const createReviewSchema = z
  .object({
    overall: rating('the stay overall'),
    cleanliness: rating('cleanliness').optional(),
    accuracy: rating('accuracy').optional(),
    location: rating('the location').optional(),
    value: rating('the value').optional(),
    text: reviewTextSchema,
  })
  .strict()
  .meta({ id: 'CreateReview' });
export type CreateReview = z.input<typeof createReviewSchema>;

export const replySchema = z.object({ text: reviewTextSchema }).strict().meta({ id: 'ReviewReply' });
export type ReplyInput = z.input<typeof replySchema>;

const person = z.object({ name: z.string(), image: z.string().nullable() });

/** A published review as the public reads it (a guest's review of a home, with the host's reply). */
export const publicReviewSchema = z
  .object({
    _id: z.string(),
    overall: z.number().int(),
    cleanliness: z.number().int().nullable(),
    accuracy: z.number().int().nullable(),
    location: z.number().int().nullable(),
    value: z.number().int().nullable(),
    text: z.string(),
    createdAt: z.string(),
    author: person.describe('Who wrote it (a guest of a home, or a host of a guest)'),
    reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  })
  .meta({ id: 'Review' });
export type PublicReview = z.infer<typeof publicReviewSchema>;

const averageField = z.number().nullable().describe('null while there is no published review');

/** GET /api/home/:id/reviews: published reviews, newest first, with the averages over all of them. */
export const homeReviewsSchema = z
  .object({
    average: averageField,
    count: z.number().int(),
    categories: z.object({
      cleanliness: averageField,
      accuracy: averageField,
      location: averageField,
      value: averageField,
    }),
    reviews: z.array(publicReviewSchema),
    nextCursor: z.string().nullable().describe('Pass as ?cursor= for the next page; null on the last page'),
  })
  .meta({ id: 'HomeReviews' });
export type HomeReviews = z.infer<typeof homeReviewsSchema>;

export const reviewsQuerySchema = z.object({ cursor: z.string().max(200).optional() }).strict();

/** One side's own review, as its author reads it. */
export const ownReviewSchema = publicReviewSchema
  .extend({ published: z.boolean().describe('false while the other side may still write (double-blind)') })
  .meta({ id: 'OwnReview' });
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** A stay the caller reviews (or reviewed), and where its reviews stand. */
export const reviewStaySchema = z
  .object({
    bookingId: z.string(),
    role: z.enum(['guest', 'host']).describe('guest: the caller reviews the home; host: the caller reviews the guest'),
    title: z.string(),
    location: z.string(),
    image: z.string(),
    from: isoDate,
    to: isoDate,
    otherParty: person.extend({ id: z.string().nullable() }),
    window: z.enum(['not_yet', 'open', 'closed']),
    opensAt: z.string(),
    closesAt: z.string(),
    timeZone: z.string().describe("The home's IANA time zone: the window is midnight to midnight there"),
    canWrite: z.boolean().describe('open window and nothing written yet'),
    mine: ownReviewSchema.nullable(),
    theirs: publicReviewSchema.nullable().describe('Only once published'),
    theyWrote: z.boolean().describe('The other side has written theirs (its content stays hidden until published)'),
  })
  .meta({ id: 'ReviewStay' });
export type ReviewStay = z.infer<typeof reviewStaySchema>;
export const reviewStayListSchema = z.array(reviewStaySchema);

/** GET /api/guests/:id: a guest's profile for the hosts of their upcoming stays. */
export const guestProfileSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    joinedAt: z.string(),
    average: averageField,
    count: z.number().int(),
    reviews: z.array(publicReviewSchema.extend({ homeTitle: z.string() })),
  })
  .meta({ id: 'GuestProfile' });
export type GuestProfile = z.infer<typeof guestProfileSchema>;
