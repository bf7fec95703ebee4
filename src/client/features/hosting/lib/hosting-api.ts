/**
 * The host's calls (spec section 7): the host's own homes, add, edit and delete.
 * Bodies are the shared schemas' types; answers are parsed with the shared contract.
 */
import { acknowledgedDelete, acknowledgedInsert, acknowledgedUpdate } from '#shared/schemas/common';
import type { CreateHome, Home, UpdateHome } from '#shared/schemas/homes';
import { HOMES_PAGE_MAX } from '#shared/constants';
import { apiRequest, fetchHomesPage, homeKeys } from '#client/lib/api';

/** Under `homeKeys.all`, so invalidating every home list refreshes the host's list too. */
export const hostHomesKey = (email: string) => [...homeKeys.all, 'host', email.toLowerCase()] as const;

/** More pages than this means a broken Link chain; stop rather than loop. */
const MAX_PAGES = 100;

/** GET /api/homes?email=: every home of the host, following the Link header's next pages. */
export async function fetchHostHomes(email: string, signal?: AbortSignal): Promise<Home[]> {
  const first = `/api/homes?${new URLSearchParams({ email, limit: String(HOMES_PAGE_MAX) }).toString()}`;
  const homes: Home[] = [];
  const seen = new Set<string>();
  let next: string | null = first;
  for (let page = 0; next && page < MAX_PAGES; page += 1) {
    const result = await fetchHomesPage(next, signal);
    for (const home of result.homes) {
      if (!seen.has(home._id)) {
        seen.add(home._id);
        homes.push(home);
      }
    }
    next = result.next;
  }
  return homes;
}

const jsonInit = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const homePath = (id: string) => `/api/home/${encodeURIComponent(id)}`;

export async function createHome(body: CreateHome) {
  return (await apiRequest('/api/homes', acknowledgedInsert, jsonInit('POST', body))).data;
}

export async function updateHome(id: string, body: UpdateHome) {
  return (await apiRequest(homePath(id), acknowledgedUpdate, jsonInit('PUT', body))).data;
}

export async function deleteHome(id: string) {
  const { data } = await apiRequest(`/api/homes/${encodeURIComponent(id)}`, acknowledgedDelete, { method: 'DELETE' });
  return data;
}
