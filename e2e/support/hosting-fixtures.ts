/**
 * Host fixtures: homes created through the API that are deleted again when the
 * test ends (also when it fails). Sign in with auth-fixtures' loginAs.
 *
 *   test('...', async ({ page, createHome, trackHome }) => {
 *     await loginAs(page, DEMO.host);
 *     const home = await createHome(page, { price: 80 });   // signed in as that page's user
 *     trackHome(page, idMadeThroughTheUi);                   // delete this one too
 *   });
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test as base } from './fixtures';

export interface HomeInput {
  location: string;
  title: string;
  from: string;
  to: string;
  price: number;
  total_guest: number;
  bedrooms: number;
  bathrooms: number;
  description: string;
  image?: string;
  images?: string[];
  hostEmail?: string;
  /** Dollars once per stay (0 when left out). */
  cleaningFee?: number;
  cancellationPolicy?: 'flexible' | 'moderate' | 'strict';
  /** IANA zone; left out: the zone of a known city in the location, else UTC. */
  timeZone?: string;
}

export interface CreatedHome extends HomeInput {
  id: string;
}

type Signed = Page | APIRequestContext;
const requestOf = (ctx: Signed): APIRequestContext => ('request' in ctx ? ctx.request : ctx);
const storageOf = (ctx: Signed) => ('context' in ctx ? ctx.context().storageState() : ctx.storageState());

export function isoDay(offsetDays: number): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

let counter = 0;
/** A title no other test run uses. */
export const uniqueTitle = (prefix = 'E2E home') => `${prefix} ${Date.now().toString(36)}-${++counter}`;

interface Fixtures {
  /** POST /api/homes as the user signed in on `ctx` (a page after loginAs, or a signed-in request context). */
  createHome: (ctx: Signed, overrides?: Partial<HomeInput>) => Promise<CreatedHome>;
  /** Deletes a home made another way (e.g. through the add-home form) when the test ends. */
  trackHome: (ctx: Signed, id: string) => Promise<void>;
}

type Cleanup = Array<{ id: string; state: Awaited<ReturnType<typeof storageOf>> }>;

export const test = base.extend<Fixtures & { homesToDelete: Cleanup }>({
  homesToDelete: async ({ playwright, baseURL }, use) => {
    const list: Cleanup = [];
    await use(list);
    // Teardown: each home is deleted with the session that created it (a fresh context: the page may be gone).
    for (const { id, state } of list.reverse()) {
      const request = await playwright.request.newContext({ baseURL, storageState: state });
      try {
        const res = await request.delete(`/api/homes/${encodeURIComponent(id)}`);
        if (![200, 404].includes(res.status()))
          console.warn(`cleanup: DELETE /api/homes/${id} answered ${res.status()}: ${await res.text()}`);
      } finally {
        await request.dispose();
      }
    }
  },
  trackHome: async ({ homesToDelete }, use) => {
    await use(async (ctx, id) => {
      homesToDelete.push({ id, state: await storageOf(ctx) });
    });
  },
  createHome: async ({ homesToDelete }, use) => {
    await use(async (ctx, overrides = {}) => {
      const body: HomeInput = {
        location: 'Lisbon',
        title: uniqueTitle(),
        from: isoDay(0),
        to: isoDay(30),
        price: 99,
        total_guest: 2,
        bedrooms: 1,
        bathrooms: 1,
        description: 'Made by a browser test.',
        ...overrides,
      };
      const res = await requestOf(ctx).post('/api/homes', { data: body });
      expect(res.status(), await res.text()).toBe(200);
      const answer = (await res.json()) as { acknowledged: boolean; insertedId: string };
      expect(answer.acknowledged).toBe(true);
      homesToDelete.push({ id: answer.insertedId, state: await storageOf(ctx) });
      return { ...body, id: answer.insertedId };
    });
  },
});

export { expect };
