/**
 * The audit log's writer (issue 30, ADR 0059): one onSend hook for the whole API. A route that
 * declares `config.audit` (auth/guards.ts, AuditedAction) gets a row for each call an admin makes
 * that succeeds (2xx): who, what, when, to what, and why (the body's `note`, `reason` or `message`).
 *
 * The row is written before the answer leaves, after the action committed (each action commits in
 * its own transaction, which this hook cannot join). If the write fails the admin is answered 500
 * and the row is logged at error level instead: the action is done, its record is in the log
 * file. A crash between the action's commit and this write loses the row (ADR 0059).
 */
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import type { Db } from '#server/db/client';
import { auditLog } from '#server/db/schema';

/** What a handler may say about its call when the route's declaration is not enough. */
export interface AuditDetails {
  /** The action of this call, for a route that does more than one thing ('host.approve' / 'host.decline'). */
  action?: string;
  /** The target's id, when neither a route parameter nor the answer's `id` holds it. */
  targetId?: string;
}

const details = new WeakMap<FastifyRequest, AuditDetails | null>();

/** Called by a handler of an audited route: this call's action and/or target. */
export function auditAs(request: FastifyRequest, value: AuditDetails) {
  details.set(request, { ...details.get(request), ...value });
}

/**
 * Called by a handler of an audited route for a call that is not an admin action although an admin
 * made it (an admin asking a token for themselves). Each use is a hole in the log: keep them few.
 */
export function notAnAdminAction(request: FastifyRequest) {
  details.set(request, null);
}

const NOTE_MAX = 2000;

function noteOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  for (const key of ['note', 'reason', 'message']) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, NOTE_MAX);
  }
  return null;
}

function answerId(reply: FastifyReply, payload: unknown): string | null {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown } | null)?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

export function auditLogHook(deps: { db: Db; clock: { now(): Date } }): onSendAsyncHookHandler<unknown> {
  return async (request, reply, payload) => {
    const declared = request.routeOptions.config.audit;
    const identity = request.identity;
    // HEAD (Fastify's twin of each GET) sends no content: nothing was read or exported.
    if (!declared || request.method === 'HEAD' || identity?.role !== 'admin') return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const told = details.get(request);
    if (told === null) return payload;
    const param = declared.targetParam && (request.params as Record<string, unknown>)[declared.targetParam];
    const row = {
      at: deps.clock.now(),
      actorId: identity.id,
      actorEmail: identity.email,
      actorName: identity.name,
      action: told?.action ?? declared.action,
      targetType: declared.targetType,
      targetId: told?.targetId ?? (typeof param === 'string' ? param : null) ?? answerId(reply, payload),
      note: noteOf(request.body),
      route: `${request.method} ${request.routeOptions.url}`,
      requestId: request.id,
    };
    try {
      await deps.db.insert(auditLog).values(row);
    } catch (err) {
      request.log.error({ err, audit: row }, 'audit log: an admin action was done but could not be recorded');
      throw new Error('The action was done but could not be recorded in the audit log', { cause: err });
    }
    return payload;
  };
}
