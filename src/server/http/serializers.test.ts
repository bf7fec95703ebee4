import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as bookingSchemas from '#shared/schemas/bookings';
import * as calendarSyncSchemas from '#shared/schemas/calendar-sync';
import * as calendarSchemas from '#shared/schemas/calendar';
import * as commonSchemas from '#shared/schemas/common';
import * as geoSchemas from '#shared/schemas/geo';
import * as homeSchemas from '#shared/schemas/homes';
import * as messageSchemas from '#shared/schemas/messages';
import * as paymentSchemas from '#shared/schemas/payments';
import * as pricingSchemas from '#shared/schemas/pricing';
import * as reservationSchemas from '#shared/schemas/reservations';
import * as reviewSchemas from '#shared/schemas/reviews';
import * as uploadSchemas from '#shared/schemas/uploads';
import * as userSchemas from '#shared/schemas/users';
import * as wishlistSchemas from '#shared/schemas/wishlist';
import { aHome } from '#shared/test/home-factory';
import { known, type Json } from '#server/test/fuzz-operations';
import { hostile, wellFormed } from '#server/test/fuzz-values';
import { checkedSerializer, fastSerializerCompiler, JsonText, plain } from './serializers';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const fast = (schema: z.ZodType) => fastSerializerCompiler()(route(schema) as never);
const checked = (schema: z.ZodType) => checkedSerializerCompiler(route(schema) as never);

/** Every zod schema the API shares with the client (responses among them). */
const modules: Record<string, unknown> = {
  ...bookingSchemas,
  ...calendarSyncSchemas,
  ...calendarSchemas,
  ...commonSchemas,
  ...homeSchemas,
  ...messageSchemas,
  ...paymentSchemas,
  ...pricingSchemas,
  ...reservationSchemas,
  ...reviewSchemas,
  ...uploadSchemas,
  ...userSchemas,
  ...wishlistSchemas,
  ...geoSchemas,
};
const schemas = Object.entries(modules).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);

const home = aHome({
  _id: '9cccb2d3-c7e6-44ab-bbe2-e850d28536d1',
  title: 'Quote " backslash \\ line\u2028 emoji 🏠 <script>',
  images: ['/uploads/a-1280.webp', '/uploads/b-1280.webp'],
  price: 123.45,
  description: '',
  hostEmail: 'host@example.test',
  email: 'host@example.test',
  rating: 4.5,
  reviewCount: 2,
  cleaningFee: 25,
  cancellationPolicy: 'moderate',
});

describe('the production serializer (CHECK_RESPONSES=false)', () => {
  it('writes a page of homes exactly as the checked serializer does, leaving out fields not in the schema', () => {
    const page = [home, { ...home, _id: 'b', passwordHash: 'secret', confirmedNights: '{}' }];
    expect(plain(homeSchemas.homeListSchema)).toBe(true); // Compiled, not checked.
    const text = fast(homeSchemas.homeListSchema)(page);
    expect(text).toBe(checked(homeSchemas.homeListSchema)(page));
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual([home, { ...home, _id: 'b' }]);
  });

  it('writes every shared schema, for any value it accepts, byte for byte as the checked serializer', () => {
    expect(schemas.length).toBeGreaterThan(20);
    let compared = 0;
    // wellFormed picks some emails among the signed-in actors' (the fuzz test's); one will do here.
    known.who = { guest: { user: { email: 'guest@example.test' } } } as unknown as typeof known.who;
    for (const [name, schema] of schemas) {
      let json: Json;
      try {
        json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Json;
      } catch {
        continue; // Not expressible as JSON Schema: the fast compiler keeps the checked serializer.
      }
      known.spec = { components: { schemas: (json.definitions ?? {}) as Json } };
      const toJson = fast(schema);
      const reference = checked(schema);
      fc.assert(
        fc.property(
          fc.oneof({ weight: 4, arbitrary: wellFormed(json) }, { weight: 1, arbitrary: hostile }),
          (value) => {
            if (!z.safeEncode(schema, value as never).success) return; // The checked one answers 500: tests catch it.
            compared++;
            expect(toJson(value), name).toBe(reference(value));
          },
        ),
        { numRuns: 60, seed: 20_261_123 },
      );
    }
    expect(compared).toBeGreaterThan(500);
    // Both ways are compared above: some schemas take the compiled way, those zod would change keep the checked way.
    const compiled = schemas.filter(([, schema]) => plain(schema)).map(([name]) => name);
    expect(compiled).toEqual(expect.arrayContaining(['homeSchema', 'errorResponse', 'acknowledgedInsert']));
    expect(compiled).not.toContain('bookingsQuerySchema');
  });

  it('keeps the checked serializer for a schema whose output zod would change', () => {
    const changed = [z.string().trim(), z.string().toLowerCase(), z.coerce.number(), z.string().default('x')];
    for (const schema of changed) expect(plain(z.object({ a: z.array(schema.nullable()) }))).toBe(false);
    expect(fast(z.object({ a: z.string().trim() }))({ a: ' x ' })).toBe('{"a":"x"}');
    expect(plain(z.object({ a: z.array(z.string().min(1).nullable()) }))).toBe(true);
  });

  it('keeps the checked serializer for a schema JSON Schema cannot express (a date object)', () => {
    const stamped = z.object({ at: z.date() });
    expect(fast(stamped)({ at: new Date('2026-11-23T08:00:00Z') })).toBe('{"at":"2026-11-23T08:00:00.000Z"}');
    expect(() => fast(stamped)({ at: 'yesterday' })).toThrow();
  });

  it('writes JSON text as it is when fast, and checks it against the schema when checked', () => {
    const list = homeSchemas.homeListSchema;
    const text = JSON.stringify([home]);
    expect(fast(list)(new JsonText(text))).toBe(text);
    const checkedList = checkedSerializer(route(list) as never);
    expect(JSON.parse(checkedList(new JsonText(text)))).toEqual([home]);
    // A stored JSON that drifted from the contract fails where answers are checked (tests, development).
    expect(() => checkedList(new JsonText(JSON.stringify([{ ...home, price: '12' }])))).toThrow();
  });
});
