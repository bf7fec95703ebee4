/** Writing homes through the API the way a host does, for the homes API tests. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreateHomeInput } from '#shared/schemas/homes';
import type { SignedIn } from './test-app';

/** A home the Add Home form would send. */
export const validHome = (): CreateHomeInput => ({
  location: 'Lisbon, Portugal',
  title: 'Sunny flat by the river',
  from: '2026-12-01',
  to: '2026-12-02',
  price: 120.5,
  total_guest: 4,
  bedrooms: 2,
  bathrooms: 1,
  description: 'Bright rooms, a balcony and a view of the Tagus.',
});

/** POST /api/homes with `body` as `who` (anonymous when null). */
export function postHome(app: FastifyInstance, body: unknown, who: SignedIn | null) {
  return app.inject({ method: 'POST', url: '/api/homes', headers: who?.headers ?? {}, payload: body as object });
}

/** Creates a valid home (with `body`'s changes) as `who`, expecting 200, and answers its id. */
export async function createHomeOk(
  app: FastifyInstance,
  body: Partial<CreateHomeInput>,
  who: SignedIn,
): Promise<string> {
  const res = await postHome(app, { ...validHome(), ...body }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().insertedId;
}
