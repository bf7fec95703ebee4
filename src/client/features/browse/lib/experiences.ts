import { ApiError } from '#shared/api-error';
import { readExperiences, type Experience } from '#shared/experiences';

export async function fetchExperiences(signal?: AbortSignal): Promise<Experience[]> {
  const response = await fetch('/expdata.json', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, 'http_error', 'The experiences could not be loaded.');
  return readExperiences(await response.json(), response.status);
}

/** The price as shown: numbers as dollars, text as written. */
export function experiencePrice(price: number | string): string {
  if (typeof price === 'number')
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(price);
  return /^\d+(\.\d+)?$/.test(price.trim()) ? `$${price.trim()}` : price;
}
