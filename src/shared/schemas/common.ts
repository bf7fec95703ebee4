import { z } from 'zod';
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
