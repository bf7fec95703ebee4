import { z } from 'zod';
import { HOMES_PAGE_DEFAULT, HOMES_PAGE_MAX } from '../constants';
import { dayNumber } from '../stay';
import { isoDate } from './common';

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
  })
  .meta({ id: 'Home' });
export type Home = z.infer<typeof homeSchema>;

export const homeListSchema = z.array(homeSchema);

export const homesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(HOMES_PAGE_MAX).default(HOMES_PAGE_DEFAULT),
    cursor: z.string().max(200).optional(),
    location: z.string().trim().min(1).max(120).optional(),
    checkIn: isoDate.optional(),
    checkOut: isoDate.optional(),
    guests: z.coerce.number().int().min(1).max(50).optional(),
    email: z.string().email().max(254).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.checkIn === undefined) !== (q.checkOut === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'checkIn and checkOut go together' });
    } else if (q.checkIn && q.checkOut && (dayNumber(q.checkIn) ?? 0) >= (dayNumber(q.checkOut) ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'checkOut must be after checkIn' });
    }
  });
export type HomesQuery = z.infer<typeof homesQuerySchema>;
