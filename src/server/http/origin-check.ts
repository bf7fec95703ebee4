import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden } from '#server/domain-errors';
import { pathnameOf } from './paths';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests (POST/PUT/PATCH/DELETE) made by a page of
 * another origin: `Sec-Fetch-Site: cross-site`, or an `Origin` header that is
 * not one of `allowedOrigins` (`Origin: null` included). Requests without an
 * Origin header (API clients with a bearer token, curl, app.inject) pass: a
 * browser always sends Origin on cross-origin POST/PUT/PATCH/DELETE.
 * `exempt(path)` lists paths that must accept cross-site posts (the OAuth form_post callback);
 * it gets the normalised path (no query, dot-segments resolved), never the raw URL.
 */
export function originCheck(
  allowedOrigins: string[],
  exempt: (path: string) => boolean = () => false,
): onRequestHookHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  const refused = (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method) || exempt(pathnameOf(request.url))) return false;
    if (request.headers['sec-fetch-site'] === 'cross-site') return true;
    const origin = request.headers.origin;
    return origin !== undefined && !allowed.has(origin);
  };
  // Callback style: every request passes here, reads first (ADR 0024).
  return (request, _reply, done) => {
    done(refused(request) ? forbidden('Requests from other sites are not allowed') : undefined);
  };
}
