import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodCheckOverwrite, $ZodType } from 'zod/v4/core';

/**
 * How answers with a response schema are written (ADR 0014).
 *
 * Checked (tests, development; CHECK_RESPONSES=true): every answer is parsed by its zod
 * schema first (fastify-type-provider-zod), so an answer that does not match its schema is a
 * 500 and fails the test that caused it.
 *
 * Fast (production by default): the zod schema is turned into JSON Schema once, at start-up,
 * and fast-json-stringify compiles a serializer from it. The same fields come out (keys not in
 * the schema are left out, as zod leaves them out), without re-checking every value of every
 * answer: at 24 homes a page that check was the largest single cost of a search request. A
 * schema whose output zod would change (a transform, trim, a default, coercion) or that JSON
 * Schema cannot express (a Date) keeps the checked way.
 */
export function fastSerializerCompiler(): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSchema = asZod(route.schema);
    if (!zodSchema || !plain(zodSchema)) return checkedSerializerCompiler(route as never);
    let jsonSchema: object;
    try {
      jsonSchema = z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7' });
    } catch {
      return checkedSerializerCompiler(route as never);
    }
    const write = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    return (data) => (data instanceof JsonText ? data.text : write(data));
  };
}

/** The checked way (tests, development): every answer through its zod schema, JSON text included. */
export const checkedSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const write = checkedSerializerCompiler(route as never);
  return (data) => write(data instanceof JsonText ? JSON.parse(data.text) : data);
};

/**
 * An answer that is already JSON (a search page: each home's JSON as PostgreSQL stores it,
 * ADR 0027). The fast serializer writes it as it is; the checked one parses it and checks it
 * against the route's schema like any other answer, so a stored JSON that drifted from the
 * contract fails the tests.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** `text` as the answer of a route whose schema answers T (see JsonText). */
export function jsonText<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}

function asZod(schema: unknown): z.ZodType | null {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  if (
    typeof schema === 'object' &&
    schema !== null &&
    'properties' in schema &&
    schema.properties instanceof $ZodType
  ) {
    return schema.properties as z.ZodType;
  }
  return null;
}

/** Zod types whose output is the input, when valid: JSON Schema says all there is to write. */
const PLAIN = new Set(['string', 'number', 'int', 'boolean', 'null', 'literal', 'enum', 'any', 'unknown']);

/**
 * True when writing a valid value through zod gives back the same value: no transform, pipe,
 * default, catch, coercion or overwriting check (trim, toLowerCase) anywhere in the schema.
 * Read through zod's public introspection: a classic schema's `.def` (zod's own replacement for
 * the deprecated `._def`) and `instanceof` the core check class that trim and its kind are made of.
 * serializers.test.ts holds the compiled serializer to the checked one on every shared schema.
 */
export function plain(schema: unknown, depth = 0): boolean {
  if (depth > 32 || !(schema instanceof z.ZodType)) return false;
  const def = schema.def as unknown as Record<string, unknown> & { type: string; checks?: unknown[] };
  if (def.coerce) return false;
  if (def.checks?.some((check) => check instanceof $ZodCheckOverwrite)) return false;
  const inner = (value: unknown) => plain(value, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, unknown>).every(inner) && (!def.catchall || inner(def.catchall));
    case 'array':
      return inner(def.element);
    case 'optional':
    case 'nullable':
      return inner(def.innerType);
    case 'union':
      return (def.options as unknown[]).every(inner);
    case 'record':
      return inner(def.keyType) && inner(def.valueType);
    case 'tuple':
      return (def.items as unknown[]).every(inner) && (!def.rest || inner(def.rest));
    case 'intersection':
      return inner(def.left) && inner(def.right);
    default:
      return PLAIN.has(def.type);
  }
}
