import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Where the docs page is served; its JSON is at `${DOCS_PREFIX}/json` (ADR 0048). */
const DOCS_PREFIX = '/api/docs';
const SESSION_COOKIE = 'sessionCookie';
const BEARER = 'bearerToken';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;

/** An operation that may be called with or without a session (it answers more, or 401 for some queries, with one). */
export const OPTIONAL_SESSION: { [scheme: string]: string[] }[] = [{}, { [SESSION_COOKIE]: [] }, { [BEARER]: [] }];

/**
 * The operationId of a route, from its method and path, so every operation has one without each route
 * schema naming it: `GET /api/home/{id}/calendar-imports` -> `getHomeByIdCalendarImports`,
 * `GET /api/calendar/{token}.ics` -> `getCalendarByTokenIcs`. Method + path is unique, and so is this.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}(.*)$/.exec(segment);
      return param ? ['by', param[1]!, param[2]!] : [segment];
    })
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * A `nullable` schema must name its type (OpenAPI 3.0; redocly's nullable-type-sibling): zod writes a
 * nullable object as `{ nullable: true, allOf: [{ $ref }] }`, so the type is taken from the referenced schema.
 */
function typeNullables(node: unknown, schemas: Record<string, Json>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item) => typeNullables(item, schemas));
  const schema = node as Json;
  if (schema.nullable === true && schema.type === undefined) {
    const parts = [...((schema.allOf ?? schema.anyOf ?? schema.oneOf ?? []) as Json[])];
    const types = new Set(
      parts.map((part) =>
        typeof part.$ref === 'string' ? schemas[part.$ref.replace('#/components/schemas/', '')]?.type : part.type,
      ),
    );
    const [only] = [...types];
    if (types.size === 1 && typeof only === 'string') schema.type = only;
  }
  for (const value of Object.values(schema)) typeNullables(value, schemas);
}

/** How a caller proves who it is (auth/guards.ts reads either). */
function securitySchemes(options: { secureCookies: boolean }) {
  return {
    [SESSION_COOKIE]: {
      type: 'apiKey' as const,
      in: 'cookie',
      // Better Auth's cookie (auth.ts: cookiePrefix), `__Secure-` prefixed when the site is https.
      name: `${options.secureCookies ? '__Secure-' : ''}stayhub.session_token`,
      description: 'The session cookie set by POST /api/auth/sign-in/email.',
    },
    [BEARER]: {
      type: 'http' as const,
      scheme: 'bearer',
      description: 'The signed session token from the `set-auth-token` header of a sign-in answer.',
    },
  };
}

/**
 * The last pass over the document: every operation gets its operationId and says how it is authenticated.
 * An operation that can answer 401 needs a session (the cookie a browser holds, or the signed bearer token
 * an API client gets from sign-in), unless its route schema says otherwise (`security: OPTIONAL_SESSION`);
 * the others are open to anyone.
 */
function finishDocument(document: Json): Json {
  const components = (document.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Record<string, Json>;
  typeNullables(document.paths, schemas);
  typeNullables(schemas, schemas);
  for (const [path, operations] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = operations[method] as Json | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      const needsSession = Object.hasOwn((operation.responses ?? {}) as Json, '401');
      operation.security ??= needsSession ? [{ [SESSION_COOKIE]: [] }, { [BEARER]: [] }] : [];
    }
  }
  return document;
}

/**
 * The OpenAPI document of every route registered after this call (generated from their zod schemas),
 * and a docs page: Swagger UI at `/api/docs`, the JSON at `/api/docs/json`. Register before the routes.
 */
export async function openApiDocs(app: FastifyInstance, options: { secureCookies: boolean }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'StayHub API', version: '1.0.0', description: 'Generated from the zod schemas in src/shared.' },
      // Relative: the API is on the server that serves this document, whatever its public address.
      servers: [{ url: '/', description: 'This StayHub server' }],
      components: { securitySchemes: securitySchemes(options) },
    },
    transform: jsonSchemaTransform,
    transformObject: (document: Parameters<typeof jsonSchemaTransformObject>[0]) =>
      finishDocument(jsonSchemaTransformObject(document) as Json),
  });
  // Its own scope: the UI bundle (1.5 MB of JavaScript) is compressed like the API's JSON.
  await app.register(async (docs) => {
    await docs.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      // No call to validator.swagger.io: nothing leaves the site.
      validatorUrl: false,
      uiConfig: { deepLinking: true },
    });
  });
}
