import { ApiError } from './api-error';
import { HOME_PAGE_EXPERIENCES } from './constants';

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

/**
 * The home page's experiences from the file's parsed JSON: the browser fetches /expdata.json, the
 * server render reads the same file from disk; both parse it here.
 */
export function readExperiences(data: unknown, status = 200): Experience[] {
  if (!Array.isArray(data) || !data.every(isExperience)) {
    throw new ApiError(status, 'invalid_response', 'The experiences file is not in the expected shape.');
  }
  return data.slice(0, HOME_PAGE_EXPERIENCES);
}
