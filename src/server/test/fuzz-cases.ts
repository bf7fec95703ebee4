/**
 * The request generator of the API fuzz test (src/server/fuzz.test.ts): a request for each
 * operation (fuzz-operations.ts) from its schemas (fuzz-values.ts) or a mutated valid example,
 * and the check that no answer is a 5xx or leaks internals.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { TEST_ORIGIN } from './test-app';
import { ACTORS, known, type Actor, type Json, type Operation, type Param } from './fuzz-operations';
import { hostile, mutated, resolve, valueFor, withControlChars } from './fuzz-values';

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate cannot be percent-encoded as UTF-8: send it as the replacement character would be.
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
};

/**
 * A valid request body or query per operation (with the app's real ids): the fuzzer mutates one thing in it,
 * so most requests get past validation to the code and the database behind it.
 */
function examples(): Record<string, { body?: Json; query?: Json }> {
  const home = {
    location: 'Lisbon, Portugal',
    title: 'Sunny flat',
    from: '2026-12-01',
    to: '2027-03-01',
    price: 120,
    total_guest: 2,
    bedrooms: 1,
    bathrooms: 1,
    description: 'Bright.\nQuiet street.',
  };
  return {
    'GET /api/homes': { query: { location: 'Lisbon', checkIn: '2026-12-01', checkOut: '2026-12-05', guests: 2 } },
    'GET /api/bookings': { query: { email: known.who.guest.user.email } },
    'POST /api/homes': { body: { ...home, hostEmail: known.who.host.user.email } },
    'PUT /api/home/{id}': { body: home },
    'GET /api/home/{id}/calendar': { query: { from: '2026-12-01', to: '2027-01-01' } },
    'POST /api/home/{id}/blocks': { body: { from: '2027-02-10', to: '2027-02-12', note: 'Repairs' } },
    'PUT /api/user/{email}': { body: { email: known.who.host.user.email } },
    'POST /api/payment-intent': {
      body: { homeId: known.homeId, checkIn: '2026-12-20', checkOut: '2026-12-22', guests: 1 },
    },
    'POST /api/bookings': { body: { bookingId: known.bookingId, paymentIntentId: 'pi_fuzz', message: 'See you soon' } },
    'POST /api/payments/sandbox/confirm': {
      body: {
        clientSecret: 'pi_fuzz_secret',
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
        billing: { name: 'Guest', email: known.who.guest.user.email },
      },
    },
    'GET /api/host/reservations': {
      query: { hostEmail: known.who.host.user.email, homeId: known.homeId, when: 'upcoming' },
    },
    'POST /api/host/reservations/{id}/cancel': { body: { reason: 'A pipe burst' } },
    'POST /api/home/{id}/calendar-imports': { body: { url: 'http://127.0.0.1:9/other.ics', name: 'Airbnb' } },
    'POST /api/conversations/{id}/messages': { body: { text: 'See you at noon.\nThanks!' } },
    'POST /api/bookings/{id}/messages': { body: { text: 'When is check-in?' } },
    'POST /api/home/{id}/inquiries': { body: { text: 'Is it quiet?', checkIn: '2026-12-20', checkOut: '2026-12-22' } },
    'GET /api/conversations/{id}/messages': { query: { cursor: '100' } },
    'POST /api/bookings/{id}/review': {
      body: { overall: 4, cleanliness: 5, accuracy: 4, location: 3, value: 4, text: 'Lovely <b>stay</b>.\nThanks' },
    },
    'POST /api/reviews/{id}/reply': { body: { text: 'Thank you!' } },
    'GET /api/home/{id}/reviews': { query: { cursor: 'MjAyNi0xMi0xNFQxMDowMDowMC4wMDBafDA' } },
    'GET /api/wishlist': { query: { checkIn: '2026-12-01', checkOut: '2026-12-05' } },
    'PUT /api/profile': { body: { name: 'Fuzzy Name', image: null } },
    'POST /api/auth/sign-in/email': { body: { email: known.who.guest.user.email, password: 'a-password-1' } },
    'POST /api/auth/request-password-reset': {
      body: { email: known.who.guest.user.email, redirectTo: '/reset-password' },
    },
    'POST /api/auth/reset-password': { body: { token: 'a-token', newPassword: 'new-password-1' } },
    'POST /api/auth/update-user': { body: { name: 'New Name', image: 'https://example.test/me.png' } },
    'POST /api/auth/revoke-session': { body: { token: 'a-token' } },
    'GET /api/auth/verify-email': { query: { token: 'a-token', callbackURL: '/' } },
  };
}

/** The example with one field changed to a hostile or malformed value (or one unknown field added). */
function mutatedExample(example: Json, raw: Json): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const keys = Object.keys(example);
  return fc.oneof(
    {
      arbitrary: fc
        .constantFrom(...keys)
        .chain((key) => mutated(properties[key] ?? { type: 'string' }).map((bad) => ({ ...example, [key]: bad }))),
      weight: 6,
    },
    {
      arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), hostile).map(([key, bad]) => {
        const out = { ...example };
        Object.defineProperty(out, key, { value: bad, enumerable: true, configurable: true, writable: true });
        return out;
      }),
      weight: 1,
    },
    { arbitrary: fc.constant(example), weight: 1 },
  );
}

/** A path parameter: a real id/email of the app, or a generated one. */
function pathValue(param: Param): fc.Arbitrary<string> {
  const real: string[] =
    param.name === 'email'
      ? Object.values(known.who).map((w) => w.user.email)
      : param.name === 'key'
        ? [known.documentKey]
        : param.name === 'token'
          ? [known.feedToken]
          : param.name === 'importId'
            ? [known.importId, crypto.randomUUID()]
            : param.name === 'blockId'
              ? [known.blockId, crypto.randomUUID()]
              : [known.homeId, known.bookingId, known.conversationId, known.reviewId, crypto.randomUUID()];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 4 },
    { arbitrary: withControlChars(fc.constantFrom(...real)), weight: 1 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 1 },
    { arbitrary: hostile.map((v) => text(v)), weight: 1 },
  );
}

/** Bodies that are not what the route expects at all. */
const malformedBody = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', 'nul', '"\\u0000"', '{"__proto__":{"x":1}}', '\u0000', '', ' '),
  fc.string({ maxLength: 60 }),
  fc.constant(`{"a":"${'x'.repeat(1_100_000)}"}`),
  fc.constant(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/vnd.api+json',
);

export interface Case {
  op: string;
  actor: Actor;
  request: InjectOptions & { method: string; url: string };
}

export function requestFor(op: Operation): fc.Arbitrary<Case> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map((p) => pathValue(p).map((v) => [p.name, v] as const)));
  const querySchema: Json = {
    type: 'object',
    properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
    required: queryParams.filter((p) => p.required).map((p) => p.name),
  };
  const example = examples()[`${op.method} ${op.path}`];
  const query = fc.tuple(
    example?.query
      ? fc.oneof(valueFor(querySchema), mutatedExample(example.query, querySchema))
      : queryParams.length
        ? valueFor(querySchema)
        : fc.oneof({ arbitrary: fc.constant({}), weight: 7 }, { arbitrary: mutated(querySchema), weight: 1 }),
    fc.integer({ min: 0, max: 19 }),
  );
  const body = op.body
    ? fc.oneof(
        { arbitrary: valueFor(op.body).map((v) => ({ json: v as unknown, raw: null as string | null })), weight: 2 },
        ...(example?.body
          ? [
              {
                arbitrary: mutatedExample(example.body, op.body).map((v) => ({
                  json: v as unknown,
                  raw: null as string | null,
                })),
                weight: 5,
              },
            ]
          : []),
        { arbitrary: malformedBody.map((raw) => ({ json: null as unknown, raw })), weight: 1 },
      )
    : fc.oneof(
        { arbitrary: fc.constant(null), weight: 7 },
        { arbitrary: malformedBody.map((raw) => ({ json: null as unknown, raw })), weight: 1 },
      );
  return fc
    .record({
      actor: fc.constantFrom(...ACTORS),
      path,
      query,
      body,
      type: fc.oneof({ arbitrary: fc.constant('application/json'), weight: 8 }, { arbitrary: contentType, weight: 1 }),
      origin: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
      multipartBytes: fc.uint8Array({ maxLength: 256 }),
    })
    .map(({ actor, path: pathValues, query: queryValues, body: b, type, origin, multipartBytes }) => {
      let url = op.path;
      for (const [name, value] of pathValues) url = url.replace(`{${name}}`, encode(value));
      const parts: string[] = [];
      const [queryValue, repeat] = queryValues;
      const entries =
        queryValue && typeof queryValue === 'object' && !Array.isArray(queryValue)
          ? Object.entries(queryValue as Json)
          : [['q', queryValue] as [string, unknown]];
      for (const [name, value] of entries) parts.push(`${encode(name)}=${encode(text(value))}`);
      // Now and then a parameter twice (`?a=1&a=2` parses as an array).
      if (repeat === 0 && parts.length) parts.push(parts[0]!);
      if (parts.length) url += `?${parts.join('&')}`;
      const headers: Record<string, string> = {};
      if (origin) headers.origin = TEST_ORIGIN;
      const request: Case['request'] = { method: op.method, url, headers };
      if (op.multipart && op.method === 'POST') {
        const boundary = 'fuzzboundary';
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
        request.payload = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="f.png"\r\n\r\n`),
          Buffer.from(multipartBytes),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      } else if (b) {
        headers['content-type'] = type;
        request.payload = b.raw ?? JSON.stringify(b.json) ?? 'null';
      }
      return { op: `${op.method} ${op.path}`, actor, request };
    });
}

/* ---------------- What no answer may contain ---------------- */

const LEAKS = [
  /Failed query/i,
  /\bparams: /,
  /invalid byte sequence/i,
  /invalid input syntax/i,
  /violates [a-z ]*constraint/i,
  /relation "[^"]+" does not exist/i,
  /syntax error at or near/i,
  /\n\s+at [^\n]+:\d+:\d+/,
  /node:internal/,
  /node_modules/,
  /\.ts:\d+:\d+/,
  /"stack"\s*:/,
];

export function check(c: Case, res: LightMyRequestResponse) {
  const where = `${c.actor} ${c.request.method} ${c.request.url.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
  for (const leak of LEAKS) if (leak.test(res.body)) throw new Error(`answer leaks ${leak}: ${where}`);
}
