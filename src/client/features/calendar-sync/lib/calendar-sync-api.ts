/** A home's iCal feed URL (and its rotation) and the calendars imported into it. */
import {
  calendarFeedSchema,
  calendarImportListSchema,
  calendarImportSchema,
  type CreateCalendarImport,
} from '#shared/schemas/calendar-sync';
import { acknowledgedDelete } from '#shared/schemas/common';
import { apiRequest } from '#client/lib/api';

export const calendarSyncKeys = {
  all: ['calendar-sync'] as const,
  feed: (homeId: string) => ['calendar-sync', homeId, 'feed'] as const,
  imports: (homeId: string) => ['calendar-sync', homeId, 'imports'] as const,
};

const home = (homeId: string) => `/api/home/${encodeURIComponent(homeId)}`;
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function fetchFeed(homeId: string, signal?: AbortSignal) {
  return (await apiRequest(`${home(homeId)}/calendar-feed`, calendarFeedSchema, { signal })).data;
}

export async function rotateFeed(homeId: string) {
  return (await apiRequest(`${home(homeId)}/calendar-feed/rotate`, calendarFeedSchema, { method: 'POST' })).data;
}

export async function fetchImports(homeId: string, signal?: AbortSignal) {
  return (await apiRequest(`${home(homeId)}/calendar-imports`, calendarImportListSchema, { signal })).data.imports;
}

export async function addImport(homeId: string, body: CreateCalendarImport) {
  return (await apiRequest(`${home(homeId)}/calendar-imports`, calendarImportSchema, json(body))).data;
}

export async function syncImport(homeId: string, importId: string) {
  const path = `${home(homeId)}/calendar-imports/${encodeURIComponent(importId)}/sync`;
  return (await apiRequest(path, calendarImportSchema, { method: 'POST' })).data;
}

export async function removeImport(homeId: string, importId: string) {
  const path = `${home(homeId)}/calendar-imports/${encodeURIComponent(importId)}`;
  return (await apiRequest(path, acknowledgedDelete, { method: 'DELETE' })).data;
}
