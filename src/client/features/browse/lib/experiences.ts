import { HOME_PAGE_EXPERIENCES } from '#shared/constants';
import { ApiError } from '#client/lib/api';

/** An experience from the static `/expdata.json` file (spec, section 3). */
export interface Experience {
  image: string;
  title: string;
  location: string;
  price: number | string;
}

/** Checked by hand: the home page loads no validation library for one static file. */
export function isExperience(value: unknown): value is Experience {
  const e = value as Partial<Record<keyof Experience, unknown>> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.image === 'string' &&
    typeof e.title === 'string' &&
    typeof e.location === 'string' &&
    (typeof e.price === 'number' || typeof e.price === 'string')
  );
}

export async function fetchExperiences(signal?: AbortSignal): Promise<Experience[]> {
  const response = await fetch('/expdata.json', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, 'http_error', 'The experiences could not be loaded.');
  return readExperiences(await response.json(), response.status);
}

/** The home page's experiences from the file's parsed JSON (the server reads the same file from disk). */
export function readExperiences(data: unknown, status = 200): Experience[] {
  if (!Array.isArray(data) || !data.every(isExperience)) {
    throw new ApiError(status, 'invalid_response', 'The experiences file is not in the expected shape.');
  }
  return data.slice(0, HOME_PAGE_EXPERIENCES);
}

/** The price as shown: numbers as dollars, text as written. */
export function experiencePrice(price: number | string): string {
  if (typeof price === 'number')
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(price);
  return /^\d+(\.\d+)?$/.test(price.trim()) ? `$${price.trim()}` : price;
}
