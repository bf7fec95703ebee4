/** The host's calendar calls (issue 11): one home's nights, block and unblock. */
import {
  calendarResponseSchema,
  createBlockResponseSchema,
  deleteBlockResponseSchema,
  unblockNightsResponseSchema,
  type CreateBlockInput,
  type UnblockNightsQuery,
} from '#shared/schemas/calendar';
import { apiRequest } from '#client/lib/api';

export const calendarKeys = {
  home: (homeId: string) => ['calendar', homeId] as const,
  range: (homeId: string, from: string, to: string) => ['calendar', homeId, from, to] as const,
};

const base = (homeId: string) => `/api/home/${encodeURIComponent(homeId)}`;

export async function fetchCalendar(homeId: string, from: string, to: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to }).toString();
  return (await apiRequest(`${base(homeId)}/calendar?${query}`, calendarResponseSchema, { signal })).data;
}

export async function blockNights(homeId: string, body: CreateBlockInput) {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  return (await apiRequest(`${base(homeId)}/blocks`, createBlockResponseSchema, init)).data;
}

export async function unblock(homeId: string, blockId: string) {
  const path = `${base(homeId)}/blocks/${encodeURIComponent(blockId)}`;
  return (await apiRequest(path, deleteBlockResponseSchema, { method: 'DELETE' })).data;
}

/** Frees the selected nights of the host's blocks; the rest of each block stays. */
export async function unblockNights(homeId: string, range: UnblockNightsQuery) {
  const path = `${base(homeId)}/blocks?${new URLSearchParams(range)}`;
  return (await apiRequest(path, unblockNightsResponseSchema, { method: 'DELETE' })).data;
}
