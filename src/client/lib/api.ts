/**
 * Typed client for the StayHub API. Answers are typed by the shared zod schemas
 * (src/shared/schemas); screens behind sign-in also parse them, so a contract change fails loudly here instead of
 * rendering `undefined` somewhere in the UI.
 */
import type { z } from 'zod';
import type { ErrorResponse } from '#shared/schemas/common';
import type { Home } from '#shared/schemas/homes';
import { ApiError, isApiError } from '#shared/api-error';
import { homesUrl, type HomesFilter, type HomesPage } from '#shared/public-data';
import { PLACE_MATCH_KINDS, SEARCH_MATCH_HEADER, type PlaceMatch } from '#shared/place-match';

// The error type and the homes filter are the public pages' shared contract (#shared/public-data).
export { ApiError, isApiError };
export type { HomesFilter, HomesPage };

/** A 4xx answer will not change on retry (except 408/429). */
export function isPermanentFailure(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The URL of `rel="next"` in an RFC 8288 Link header, or null.
 * Handles several links, quoted and multi-valued rel, and any parameter order.
 */
export function parseNextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  // Each link is `<url>` followed by its `; name=value` parameters up to the next `<`.
  const linkPattern = /<([^>]*)>([^<]*)/g;
  for (const match of header.matchAll(linkPattern)) {
    const url = match[1] ?? '';
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const relValue = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase();
    if (relValue.split(/\s+/).includes('next')) return url;
  }
  return null;
}

/** The API's error shape, checked by hand so reading an error never needs zod. */
function isErrorBody(body: unknown): body is ErrorResponse {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

async function readError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: fall through to a generic message
  }
  if (isErrorBody(body)) return new ApiError(response.status, body.error.code, body.error.message);
  return new ApiError(
    response.status,
    'http_error',
    `The server answered ${response.status} ${response.statusText}`.trim(),
  );
}

export interface ApiResult<T> {
  data: T;
  response: Response;
}

/**
 * Fetch a JSON endpoint the server answers through its response schema (the
 * server serialises every answer with the same zod schema, so it cannot send
 * another shape). Used on the public pages so that `/` loads no validation code.
 */
export async function apiRequestTrusted<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', 'Could not reach StayHub. Check your connection and try again.');
  }
  if (!response.ok) throw await readError(response);
  try {
    return { data: (await response.json()) as T, response };
  } catch {
    throw new ApiError(response.status, 'invalid_response', 'The server sent an answer that is not JSON.');
  }
}

/** Fetch a JSON endpoint and parse it with `schema`; throws ApiError for anything else. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  init: RequestInit = {},
): Promise<ApiResult<z.infer<S>>> {
  const { data, response } = await apiRequestTrusted<unknown>(path, init);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'invalid_response', 'The server sent an answer in an unexpected shape.');
  }
  return { data: parsed.data, response };
}

// ---------------------------------------------------------------- homes

/** The Search-Match header, read leniently: a missing or unreadable one is no information. */
export function parseSearchMatch(header: string | null): PlaceMatch | null {
  if (!header) return null;
  try {
    // Checked by hand: zod stays out of the first-load JavaScript (ADR 0025).
    const value = JSON.parse(decodeURIComponent(header)) as Partial<PlaceMatch> | null;
    if (typeof value?.query !== 'string' || !PLACE_MATCH_KINDS.includes(value.kind as PlaceMatch['kind'])) return null;
    return { query: value.query, place: typeof value.place === 'string' ? value.place : null, kind: value.kind! };
  } catch {
    return null;
  }
}

/** Only follow next-page links that stay on this origin's API. */
function sameOriginApiUrl(url: string): string {
  const base = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const resolved = new URL(url, base);
  if (resolved.origin !== base || !resolved.pathname.startsWith('/api/')) {
    throw new ApiError(0, 'invalid_response', 'The server sent a next-page link outside the API.');
  }
  return resolved.pathname + resolved.search;
}

/** One page of homes: pass a filter for the first page, or the `next` URL of the previous page. */
export async function fetchHomesPage(from: HomesFilter | string, signal?: AbortSignal): Promise<HomesPage> {
  const url = typeof from === 'string' ? sameOriginApiUrl(from) : homesUrl(from);
  const { data, response } = await apiRequestTrusted<Home[]>(url, { signal });
  return {
    homes: data,
    next: parseNextLink(response.headers.get('link')),
    match: parseSearchMatch(response.headers.get(SEARCH_MATCH_HEADER)),
  };
}

export async function fetchHome(id: string, signal?: AbortSignal): Promise<Home> {
  const { data } = await apiRequestTrusted<Home>(`/api/home/${encodeURIComponent(id)}`, { signal });
  return data;
}

export const homeKeys = {
  all: ['homes'] as const,
  list: (filter: HomesFilter) => ['homes', 'list', filter] as const,
  detail: (id: string) => ['homes', 'detail', id] as const,
};
