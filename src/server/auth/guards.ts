/**
 * Who is calling, and what they may do. Use these in every route under /api.
 *
 * The session is resolved once per request, before validation (onRequest),
 * from the session cookie or from `Authorization: Bearer <token>` (the token
 * from `PUT /api/user/:email {email}`), and stored on `request.identity`
 * (null when anonymous or when the cookie/token is invalid, expired or revoked).
 * Roles are read fresh from the database on every request.
 *
 *   import { requireUser, requireRole, requireSelfOrAdmin, authenticated, withRole } from '../../auth/guards';
 *
 *   // inside a handler
 *   const me = requireUser(request);              // { id, email, name, role, ... } or throws 401
 *   const host = requireRole(request, 'host');    // 401 when anonymous, 403 when another role
 *   const who = requireSelfOrAdmin(request, email); // 403 unless it is the caller's email (any case) or an admin
 *
 *   // or as a route hook, so anonymous callers get 401 before body validation
 *   app.post('/homes', { preValidation: withRole('host'), schema: {...} }, handler);
 *   app.get('/bookings', { preValidation: authenticated, schema: {...} }, handler);
 *
 * Role values: null (a guest), 'requested', 'host', 'admin'. An admin is not a
 * host: list every role a route allows (`requireRole(request, 'host', 'admin')`).
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { AuditTargetType } from '#shared/schemas/audit';
import { ROLES, type Role } from '#shared/schemas/users';
import { forbidden, unauthenticated } from '#server/domain-errors';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth';
import { sameEmail } from '#shared/emails';

export type RoleName = NonNullable<Role>;

export interface Identity {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  sessionId: string;
  /** The raw session token (not signed). */
  sessionToken: string;
}

/**
 * An admin action a route performs (issue 30): the audit log records each successful call of the
 * route by an admin, with who, what, when and why (the body's `note` or `reason`). Routes declare it
 * in their options, `config: { audit: { action: 'report.resolve', targetType: 'report', targetParam: 'id' } }`,
 * so the log's completeness can be checked against the route table.
 */
export interface AuditedAction {
  /** What was done, as `noun.verb`: 'host.approve', 'booking.cancel', 'report.resolve'. */
  action: string;
  /** What it was done to. */
  targetType: AuditTargetType;
  /**
   * The route parameter holding the target's id (none: the answer's `id`, or the handler names it
   * with auditAs() from features/audit/audit-hook.ts, as it may name the action of a route that does several).
   */
  targetParam?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    audit?: AuditedAction;
  }
}

/** The caller; 401 when anonymous. */
export function requireUser(request: FastifyRequest): Identity {
  const identity = request.identity;
  if (!identity) throw unauthenticated();
  return identity;
}

/** The caller when their role is one of `roles`; 401 when anonymous, 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: RoleName[]): Identity {
  const identity = requireUser(request);
  if (!identity.role || !roles.includes(identity.role)) throw forbidden();
  return identity;
}

export function isAdmin(identity: Identity | null): boolean {
  return identity?.role === 'admin';
}

/** Re-exported for the routes; the rule lives in src/shared/emails.ts. */
export { sameEmail };

/** The caller when `email` is theirs (case-insensitive) or they are an admin; 401/403 otherwise. */
export function requireSelfOrAdmin(request: FastifyRequest, email: string): Identity {
  const identity = requireUser(request);
  if (!sameEmail(identity.email, email) && identity.role !== 'admin') throw forbidden();
  return identity;
}

/** Route hook: 401 unless signed in. */
export const authenticated: preValidationAsyncHookHandler = async (request) => {
  requireUser(request);
};

/** Route hook: 401 unless signed in, 403 unless the role is one of `roles`. */
export function withRole(...roles: RoleName[]): preValidationAsyncHookHandler {
  return async (request) => {
    requireRole(request, ...roles);
  };
}

function toRole(value: unknown): Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as RoleName) : null;
}

/** Web Headers from a Fastify request; the client IP header is always the socket address. */
export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * onRequest hook that fills `request.identity` (skips Better Auth's own endpoints). An anonymous
 * request (no cookie, no Authorization) is answered at once, callback style: most public reads
 * are anonymous, and an async hook costs a promise and a microtask each (ADR 0024).
 */
export function resolveIdentity(auth: Auth): onRequestHookHandler {
  const lookup = sessionLookup(auth);
  return (request, reply, done) => {
    request.identity = null;
    const { cookie, authorization } = request.headers;
    if ((!cookie && !authorization) || request.url.startsWith(`${AUTH_BASE_PATH}/`)) return done();
    lookup(request, reply).then(() => done(), done);
  };
}

function sessionLookup(auth: Auth) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let result;
    try {
      result = await auth.api.getSession({ headers: requestHeaders(request), returnHeaders: true });
    } catch (err) {
      request.log.warn({ err }, 'session lookup failed');
      return;
    }
    const data = result.response;
    // No session: the dead cookie is left to GET /api/auth/get-session, which clears it and can
    // say why the session ended (x-session-ended, sessions.ts); clearing it here would lose that.
    if (!data) return;
    // A refreshed session (expiry extended) comes with a new cookie.
    const setCookie = result.headers.getSetCookie();
    if (setCookie.length) reply.header('set-cookie', setCookie);
    const user = data.user as typeof data.user & { role?: unknown };
    request.identity = {
      id: user.id,
      email: user.email,
      name: user.name,
      role: toRole(user.role),
      emailVerified: user.emailVerified,
      sessionId: data.session.id,
      sessionToken: data.session.token,
    };
  };
}
