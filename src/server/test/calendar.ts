/** Calling the calendar API the way the host's calendar screen does, for API tests. */
import type { FastifyInstance } from 'fastify';
import { calendarResponseSchema, type CalendarNight } from '#shared/schemas/calendar';
import type { SignedIn } from './test-app';

export function getCalendar(app: FastifyInstance, who: SignedIn | null, homeId: string, from: string, to: string) {
  return app.inject({
    method: 'GET',
    url: `/api/home/${homeId}/calendar?from=${from}&to=${to}`,
    headers: who?.headers ?? {},
  });
}

/** The nights of [from, to) by date, as the home's host sees them (fails on any refusal). */
export async function nightsOf(
  app: FastifyInstance,
  who: SignedIn,
  homeId: string,
  from: string,
  to: string,
): Promise<Record<string, CalendarNight>> {
  const res = await getCalendar(app, who, homeId, from, to);
  if (res.statusCode !== 200) throw new Error(`calendar: ${res.statusCode} ${res.body}`);
  return Object.fromEntries(calendarResponseSchema.parse(res.json()).nights.map((n) => [n.date, n]));
}

export function postBlock(app: FastifyInstance, who: SignedIn | null, homeId: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/home/${homeId}/blocks`,
    headers: who?.headers ?? {},
    payload: body,
  });
}

export function deleteBlockCall(app: FastifyInstance, who: SignedIn | null, homeId: string, blockId: string) {
  return app.inject({ method: 'DELETE', url: `/api/home/${homeId}/blocks/${blockId}`, headers: who?.headers ?? {} });
}

/** Frees the nights [from, to) of the host's blocks (DELETE /api/home/:id/blocks?from=&to=). */
export function unblockNightsCall(
  app: FastifyInstance,
  who: SignedIn | null,
  homeId: string,
  query: Record<string, string>,
) {
  return app.inject({
    method: 'DELETE',
    url: `/api/home/${homeId}/blocks?${new URLSearchParams(query)}`,
    headers: who?.headers ?? {},
  });
}
