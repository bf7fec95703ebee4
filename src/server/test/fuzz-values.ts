/**
 * fast-check arbitraries for one value of a JSON schema, for the API fuzz test: mostly
 * well-formed values, mixed with hostile ones (control characters, huge or odd text, wrong types).
 */
import fc from 'fast-check';
import { known, type Json } from './fuzz-operations';

export function resolve(schema: Json, depth = 0): Json {
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
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
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
export function wellFormed(raw: Json, depth = 0): fc.Arbitrary<unknown> {
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
export const withControlChars = (text: fc.Arbitrary<unknown>) =>
  fc.tuple(text, fc.nat(), fc.string({ unit: C0, minLength: 1, maxLength: 2 })).map(([value, at, c]) => {
    const v = typeof value === 'string' ? value : '';
    return v.slice(0, at % (v.length + 1)) + c + v.slice(at % (v.length + 1));
  });

/** A value of this schema with one thing wrong: one field, one element, or the whole value. */
export function mutated(raw: Json, depth = 0): fc.Arbitrary<unknown> {
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
export function valueFor(schema: Json, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: wellFormed(schema, depth), weight: 1 },
    { arbitrary: mutated(schema, depth), weight: 3 },
  );
}
