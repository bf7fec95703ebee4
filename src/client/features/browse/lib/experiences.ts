import { z } from 'zod';
import { HOME_PAGE_EXPERIENCES } from '../../../../shared/constants';
import { ApiError } from '../../../lib/api';

/** An experience from the static `/expdata.json` file (spec, section 3). */
export const experienceSchema = z
  .object({
    image: z.string(),
    title: z.string(),
    location: z.string(),
    price: z.union([z.number(), z.string()]),
  })
  .loose();
export type Experience = z.infer<typeof experienceSchema>;

export async function fetchExperiences(signal?: AbortSignal): Promise<Experience[]> {
  const response = await fetch('/expdata.json', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, 'http_error', 'The experiences could not be loaded.');
  const parsed = z.array(experienceSchema).safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'The experiences file is not in the expected shape.');
  return parsed.data.slice(0, HOME_PAGE_EXPERIENCES);
}

/** The price as shown: numbers as dollars, text as written. */
export function experiencePrice(price: number | string): string {
  if (typeof price === 'number') return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(price);
  return /^\d+(\.\d+)?$/.test(price.trim()) ? `$${price.trim()}` : price;
}
