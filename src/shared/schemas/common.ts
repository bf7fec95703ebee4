import { z } from 'zod';
import { amountToCents } from '../money';
import { isIsoDate } from '../stay';

export const isoDate = z
  .string()
  .refine(isIsoDate, { message: 'Expected a calendar date as YYYY-MM-DD' })
  .meta({ format: 'date', example: '2026-12-01' });

export const idParam = z.object({ id: z.string().min(1).max(100) }).strict();

export const errorResponse = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const acknowledgedInsert = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const acknowledgedUpdate = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() });
export const acknowledgedDelete = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });

/** True when the amount is a whole number of cents (at most two decimals). */
function hasWholeCents(amount: number): boolean {
  try {
    amountToCents(amount);
    return true;
  } catch {
    return false;
  }
}

/**
 * An amount of money in dollars as the API takes it: at most two decimals, from `min` (0: free
 * allowed; 0.01: more than 0) to `max`. Every money input uses it, so none can round to 0 cents
 * or below (which the database's checks would refuse).
 */
export function amountSchema(o: {
  label: string;
  min: 0 | 0.01;
  max: number;
  error?: (issue: { input: unknown }) => string;
}) {
  return z
    .number({ error: o.error ?? (() => `${o.label} must be a number`) })
    .min(o.min, o.min === 0 ? `${o.label} cannot be negative` : `${o.label} must be more than 0`)
    .max(o.max, `${o.label} can be at most ${o.max}`)
    .refine(hasWholeCents, `${o.label} can have at most 2 decimals`);
}
