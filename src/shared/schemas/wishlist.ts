import { z } from 'zod';
import { isIsoDate } from '../stay';
import { homeSchema } from './homes';

export const homeIdParam = z.object({ homeId: z.string().min(1).max(100) }).strict();

/** GET /api/wishlist?checkIn=&checkOut=: the dates last searched, to say whether each home is free for them. */
export const wishlistQuerySchema = z
  .object({
    checkIn: z
      .string()
      .refine(isIsoDate, { message: 'checkIn is not a calendar date: use YYYY-MM-DD' })
      .meta({ format: 'date' })
      .optional(),
    checkOut: z
      .string()
      .refine(isIsoDate, { message: 'checkOut is not a calendar date: use YYYY-MM-DD' })
      .meta({ format: 'date' })
      .optional(),
  })
  .strict()
  .refine((q) => (q.checkIn === undefined) === (q.checkOut === undefined), {
    message: 'Send both checkIn and checkOut, or neither',
  })
  .refine((q) => !q.checkIn || !q.checkOut || q.checkIn < q.checkOut, {
    message: 'checkOut must be after checkIn',
  });

export const wishlistItemSchema = z
  .object({
    home: homeSchema,
    savedAt: z.string(),
    available: z
      .boolean()
      .nullable()
      .describe('Free for the dates asked (within its window, not booked, not held); null when no dates were sent'),
  })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export const wishlistSchema = z
  .object({ items: z.array(wishlistItemSchema), homeIds: z.array(z.string()) })
  .meta({ id: 'Wishlist' });
export type Wishlist = z.infer<typeof wishlistSchema>;
