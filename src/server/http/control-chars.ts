import type { FastifyRequest, preValidationHookHandler } from 'fastify';

/**
 * Control characters are refused at the edge, on every route (Better Auth's included):
 * PostgreSQL cannot store NUL in text (error 22021, which used to answer 500), and no
 * field of StayHub has a use for the other C0 characters. Tab, line feed and carriage
 * return are allowed in JSON body strings (multi-line descriptions and messages; the
 * schemas of single-line fields trim or refuse them), never in the query or path.
 */
// eslint-disable-next-line no-control-regex
const ANY_C0 = /[\u0000-\u001f]/;
// eslint-disable-next-line no-control-regex
const C0_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** JSON in any case and with any structured suffix, as Better Auth reads it. */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

/** Deep enough for any body the API accepts; deeper nesting is refused on its own. */
const MAX_DEPTH = 32;

/** The path (`body.title`, `query.location`) of the first string or key holding a forbidden character, or null. */
function findControlChar(value: unknown, forbidden: RegExp, path: string, depth = 0): string | null {
  if (typeof value === 'string') return forbidden.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlChar(value[i], forbidden, `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (ANY_C0.test(key)) return path;
    const found = findControlChar(item, forbidden, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Routes that keep the raw bytes (Better Auth's) are read the way their handler will read them. */
function rawBodyValue(contentType: string, body: Buffer): unknown {
  if (body.length === 0) return null;
  const text = body.toString('utf8');
  if (JSON_TYPE.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the handler refuses it itself; a NUL in it is refused here all the same.
      return text;
    }
  }
  if (FORM_TYPE.test(contentType)) return Object.fromEntries(new URLSearchParams(text));
  return null;
}

function bodyValue(request: FastifyRequest): unknown {
  const body = request.body;
  if (Buffer.isBuffer(body)) return rawBodyValue(String(request.headers['content-type'] ?? '').trim(), body);
  return body;
}

/**
 * preValidation hook: 400 when the decoded query, path parameters or body hold a control character.
 * Callback style: it runs on every request (ADR 0024).
 */
export const refuseControlChars: preValidationHookHandler = (request, reply, done) => {
  const found =
    findControlChar(request.query, ANY_C0, 'query') ??
    findControlChar(request.params, ANY_C0, 'params') ??
    findControlChar(bodyValue(request), C0_EXCEPT_WHITESPACE, 'body');
  if (!found) return done();
  void reply.status(400).send({
    error: {
      code: 'invalid_characters',
      message: `${found}: control characters (such as NUL) are not allowed`,
    },
  });
};
