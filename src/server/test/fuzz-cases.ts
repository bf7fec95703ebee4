/**
 * The request generator of the API fuzz test (src/server/fuzz.test.ts): the routes to walk
 * (the OpenAPI document's operations plus Better Auth's endpoints), fast-check arbitraries
 * that make a request for each from its schemas (mostly well-formed values, mixed with
 * hostile ones), and the check that no answer is a 5xx or leaks internals.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { ownerTag } from '../features/uploads/uploads-service';
import { insertBooking, insertHome } from './factories';
import { signInAs, TEST_ORIGIN, type SignedIn, type TestApp } from './test-app';

export type Json = Record<string, unknown>;
export type Actor = 'anonymous' | 'guest' | 'host' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'guest', 'host', 'admin'];

interface Param {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Json;
}
export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/home/{id}`. */
  path: string;
  params: Param[];
  body: Json | null;
  multipart?: boolean;
}

/* ---------------- What the fuzzer knows about the running app ---------------- */

/** The OpenAPI document (the test sets it), the signed-in actors and real ids (`signInActors`); read while cases are generated. */
export const known = {
  spec: {} as Json,
  who: {} as Record<Exclude<Actor, 'anonymous'>, SignedIn>,
  homeId: '',
  bookingId: '',
  documentKey: '',
};

/** Signs in a guest, a host and an admin and makes a home and a held booking of theirs (the real ids cases use). */
export async function signInActors(t: TestApp) {
  const [guest, host, admin] = await Promise.all([
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'admin'),
  ]);
  known.who = { guest: guest!, host: host!, admin: admin! };
  const home = await insertHome(t.db, { hostId: known.who.host.user.id, hostEmail: known.who.host.user.email });
  known.homeId = home.id;
  known.bookingId = (
    await insertBooking(t.db, home, {
      guestId: known.who.guest.user.id,
      guestEmail: known.who.guest.user.email,
      status: 'held',
    })
  ).id;
  known.documentKey = `doc-${ownerTag(known.who.guest.user.id)}-${randomBytes(16).toString('hex')}.webp`;
}

/** Better Auth's endpoints (not in the OpenAPI document), with the fields they read. */
const str = (extra: Json = {}) => ({ type: 'string', ...extra });
export const AUTH_OPERATIONS: Operation[] = [
  [
    'POST',
    '/api/auth/sign-in/email',
    { email: str({ format: 'email' }), password: str(), rememberMe: { type: 'boolean' } },
  ],
  ['POST', '/api/auth/sign-up/email', { name: str(), email: str({ format: 'email' }), password: str(), image: str() }],
  ['POST', '/api/auth/request-password-reset', { email: str({ format: 'email' }), redirectTo: str() }],
  ['POST', '/api/auth/reset-password', { token: str(), newPassword: str() }],
  ['POST', '/api/auth/update-user', { name: str(), image: str() }],
  ['POST', '/api/auth/revoke-session', { token: str() }],
  [
    'POST',
    '/api/auth/change-password',
    { currentPassword: str(), newPassword: str(), revokeOtherSessions: { type: 'boolean' } },
  ],
  ['POST', '/api/auth/change-email', { newEmail: str({ format: 'email' }), callbackURL: str() }],
  ['POST', '/api/auth/send-verification-email', { email: str({ format: 'email' }), callbackURL: str() }],
  ['POST', '/api/auth/sign-in/social', { provider: str({ enum: ['google', 'github'] }), callbackURL: str() }],
].map(([method, path, properties]) => ({
  method: method as string,
  path: path as string,
  params: [],
  body: { type: 'object', properties: properties as Json, required: Object.keys(properties as Json).slice(0, 1) },
}));
AUTH_OPERATIONS.push(
  { method: 'GET', path: '/api/auth/get-session', params: [], body: null },
  { method: 'GET', path: '/api/auth/list-sessions', params: [], body: null },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    params: [
      { name: 'token', in: 'query', required: true, schema: str() },
      { name: 'callbackURL', in: 'query', schema: str() },
    ],
    body: null,
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/{token}',
    params: [
      { name: 'token', in: 'path', required: true, schema: str() },
      { name: 'callbackURL', in: 'query', schema: str() },
    ],
    body: null,
  },
);

/** Every operation of the OpenAPI document. */
export function documentedOperations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(known.spec.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: ((op.parameters as Param[] | undefined) ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: content?.['application/json']?.schema ?? null,
        multipart:
          ((op.consumes as string[] | undefined) ?? []).includes('multipart/form-data') || path === '/api/uploads',
      });
    }
  }
  return ops;
}

function resolve(schema: Json, depth = 0): Json {
  const ref = schema.$ref as string | undefined;
  if (!ref || depth > 8) return schema;
  const name = ref.split('/').pop()!;
  return resolve((known.spec.components as { schemas: Record<string, Json> }).schemas[name] ?? {}, depth + 1);
}

/* ---------------- Values ---------------- */

/** C0 control characters, NUL (which PostgreSQL cannot store in text) half of the time. */
const C0 = fc.oneof(
  fc.constant('\u0000'),
  fc.constantFrom(...Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1))),
);
const NASTY_TEXT = [
  "' or 1=1 --",
  '%',
  '_%_',
  '\\',
  '"',
  '${7*7}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u2028\u2029',
  'e\u0301\u200d\ufeff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🏠',
  'null',
  'undefined',
  '__proto__',
  'NaN',
  '-1',
  '1e309',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  ' ',
];

/** A hostile value of any type. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  // Control characters (NUL above all) inside otherwise normal text.
  fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.string({ unit: C0, minLength: 1, maxLength: 3 }),
      fc.string({ maxLength: 10 }),
    )
    .map(([a, c, b]) => a + c + b),
  fc.constantFrom(...NASTY_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(200, 256, 5_001, 70_000, 300_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(-1, 0, -0, 1.5, -1e308, 1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -2_147_483_649),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant(JSON.parse('{"__proto__":{"admin":true}}') as unknown),
);

/** A value the schema accepts (as far as a JSON schema can say). */
function wellFormed(raw: Json, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (depth > 5) return fc.constant(null);
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options?.length) return fc.oneof(...options.map((o) => wellFormed(o, depth + 1)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const base = ((): fc.Arbitrary<unknown> => {
    switch (schema.type) {
      case 'string': {
        const maxLength = Math.min(Number(schema.maxLength ?? 60), 300);
        if (schema.format === 'date') {
          return fc
            .date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
        }
        if (schema.format === 'email') {
          return fc.oneof(fc.emailAddress(), fc.constantFrom(...Object.values(known.who).map((w) => w.user.email)));
        }
        if (typeof schema.pattern === 'string') {
          try {
            return fc.stringMatching(new RegExp(schema.pattern as string));
          } catch {
            // Not a JavaScript regex: plain text below.
          }
        }
        return fc.string({ minLength: Math.max(1, Number(schema.minLength ?? 1)), maxLength });
      }
      case 'integer':
        return fc.integer({ min: Number(schema.minimum ?? 0), max: Math.min(Number(schema.maximum ?? 1_000), 1e6) });
      case 'number':
        return fc.integer({ min: 1, max: Math.min(Number(schema.maximum ?? 5_000), 5_000) });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(wellFormed((schema.items as Json) ?? {}, depth + 1), {
          maxLength: Math.min(Number(schema.maxItems ?? 4), 4),
        });
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, Json>;
        const required = new Set((schema.required ?? []) as string[]);
        const keys = Object.keys(properties);
        return fc
          .tuple(
            fc.tuple(...keys.map((key) => wellFormed(properties[key]!, depth + 1))),
            fc.tuple(...keys.map(() => fc.integer({ min: 0, max: 9 }))),
          )
          .map(([values, rolls]) => {
            const out: Json = {};
            keys.forEach((key, i) => {
              if (required.has(key) ? rolls[i]! > 0 : rolls[i]! > 7) out[key] = values[i];
            });
            return out;
          });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

/** A well-formed string with control characters put in somewhere (where a NUL does the most harm). */
const withControlChars = (text: fc.Arbitrary<unknown>) =>
  fc.tuple(text, fc.nat(), fc.string({ unit: C0, minLength: 1, maxLength: 2 })).map(([value, at, c]) => {
    const v = typeof value === 'string' ? value : '';
    return v.slice(0, at % (v.length + 1)) + c + v.slice(at % (v.length + 1));
  });

/** A value of this schema with one thing wrong: one field, one element, or the whole value. */
function mutated(raw: Json, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options?.length) return fc.oneof(...options.map((o) => mutated(o, depth + 1)));
  if (schema.type === 'object' && depth < 5) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const keys = Object.keys(properties);
    const unknownField = fc
      .tuple(wellFormed(schema, depth), fc.string({ minLength: 1, maxLength: 12 }), hostile)
      .map(([value, key, v]) => {
        const out = { ...(value as Json) };
        Object.defineProperty(out, key, { value: v, enumerable: true, configurable: true, writable: true });
        return out;
      });
    if (!keys.length) return fc.oneof(unknownField, hostile);
    const oneField = fc.constantFrom(...keys).chain((key) =>
      fc
        .tuple(wellFormed(schema, depth), mutated(properties[key]!, depth + 1), fc.boolean())
        .map(([value, bad, drop]) => {
          const out = { ...(value as Json) };
          if (drop && depth === 0) delete out[key];
          else out[key] = bad;
          return out;
        }),
    );
    return fc.oneof(
      { arbitrary: oneField, weight: 6 },
      { arbitrary: unknownField, weight: 1 },
      { arbitrary: hostile, weight: 1 },
    );
  }
  if (schema.type === 'array' && depth < 5) {
    return fc.oneof(
      fc
        .tuple(wellFormed(schema, depth), mutated((schema.items as Json) ?? {}, depth + 1))
        .map(([value, bad]) => [...(value as unknown[]), bad]),
      fc.array(wellFormed((schema.items as Json) ?? {}, depth + 1), { minLength: 11, maxLength: 300 }),
      hostile,
    );
  }
  if (schema.type === 'string') {
    return fc.oneof(
      { arbitrary: withControlChars(wellFormed(schema, depth)), weight: 3 },
      { arbitrary: hostile, weight: 2 },
    );
  }
  return hostile;
}

/** A well-formed value now and then, else one with one thing wrong. */
function valueFor(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: wellFormed(schema, depth), weight: 1 },
    { arbitrary: mutated(schema, depth), weight: 3 },
  );
}

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
        : [known.homeId, known.bookingId, crypto.randomUUID()];
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
