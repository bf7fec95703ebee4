/**
 * The audit log's completeness (issue 30, ADR 0059), checked by the authorisation matrix against the
 * route table: every route an admin can call that changes something, and every read the rule covers
 * (exports, private content), declares `config.audit`; and each successful admin call of an audited
 * route leaves its row, which no other caller's call does.
 */
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RouteEntry } from '#server/app';
import type { Db } from '#server/db/client';
import { auditLog } from '#server/db/schema';
import { only, type Case } from './authz-cases';
import type { Actor } from './test-app';

/**
 * Routes an admin calls as any signed-in user, for themselves: their own stays, uploads, wishlist,
 * profile, questions to a host. Nothing here acts on another person's data, so nothing is logged.
 */
const SELF_SERVICE = new Set([
  'POST /api/payment-intent',
  'POST /api/bookings',
  'PATCH /api/bookings/:id',
  'POST /api/payment-intent/:id/release',
  'POST /api/payments/sandbox/confirm',
  'POST /api/uploads',
  'POST /api/home/:id/inquiries',
  'PUT /api/wishlist/:homeId',
  'DELETE /api/wishlist/:homeId',
  'PUT /api/profile',
  // Issue 30's own-account routes (reports, blocks, deletion of one's account), whichever branch adds them.
  'POST /api/reports',
  'POST /api/users/:id/block',
  'DELETE /api/users/:id/block',
  'DELETE /api/me',
]);

/** Reads that open private content (the rule of ADR 0059); exports are recognised by their URL. */
const PRIVATE_READS = new Set(['GET /api/conversations/:id/messages', 'GET /api/documents/:key']);
const isExport = (route: string) => /^GET \/api\/admin\/\S*(\.csv|\/export)\b/.test(route);

/**
 * Audited routes whose successful admin call needs more set-up than the matrix does (a stay in
 * progress with a deposit and a host's claim): the row is checked by the named test instead.
 */
const AUDIT_CHECKED_ELSEWHERE: Record<string, string> = {
  'POST /api/admin/damage-claims/:bookingId/decide': 'src/server/features/deposits/deposits.test.ts',
};

/** Statuses that mean the admin was turned away (404: told nothing, like a stranger). */
const TURNED_AWAY = new Set([401, 403, 404]);

/** True when an admin gets past the route's guard in some case, and the route is more than public. */
function adminCanCall(cases: Case[]): boolean {
  const publicRoute = cases.every((c) => c.expect.admin === c.expect.anonymous);
  return !publicRoute && cases.some((c) => !TURNED_AWAY.has(c.expect.admin));
}

/** The routes that must declare config.audit and do not. */
export function unauditedAdminRoutes(routes: RouteEntry[], matrix: Record<string, Case[]>): string[] {
  return routes
    .map((r) => ({ key: `${r.method} ${r.url}`, audited: Boolean(r.audit), read: r.method === 'GET' }))
    .filter(({ key, audited }) => !audited && !SELF_SERVICE.has(key) && matrix[key])
    .filter(({ key, read }) => (read ? isExport(key) || PRIVATE_READS.has(key) : true) && adminCanCall(matrix[key]!))
    .map(({ key }) => key);
}

/** Audited routes with no case in which the admin succeeds (so their row would never be checked). */
export function auditedRoutesNeverSucceeding(routes: RouteEntry[], matrix: Record<string, Case[]>): string[] {
  return routes
    .filter((r) => r.audit)
    .map((r) => `${r.method} ${r.url}`)
    .filter((key) => !AUDIT_CHECKED_ELSEWHERE[key])
    .filter((key) => !(matrix[key] ?? []).some((c) => c.expect.admin >= 200 && c.expect.admin < 300));
}

/**
 * After one matrix call: an admin's successful call of an audited route left exactly one row, under
 * its request id, with the route's action and the admin as actor; anyone else's left none.
 */
export async function auditRowsOf(
  db: Db,
  route: RouteEntry | undefined,
  actor: Actor,
  res: LightMyRequestResponse,
  adminId: string,
): Promise<string | null> {
  const requestId = String(res.headers['x-request-id'] ?? '');
  const rows = requestId ? await db.select().from(auditLog).where(eq(auditLog.requestId, requestId)) : [];
  const expected = Boolean(route?.audit) && actor === 'admin' && res.statusCode >= 200 && res.statusCode < 300;
  if (!expected) return rows.length ? `${actor}'s call (${res.statusCode}) wrote ${rows.length} audit row(s)` : null;
  const [row] = rows;
  if (rows.length !== 1 || !row) return `the admin's call wrote ${rows.length} audit rows, not 1`;
  if (row.actorId !== adminId) return `the row names ${row.actorId}, not the admin`;
  if (row.route !== `${route!.method} ${route!.url}`) return `the row names the route ${row.route}`;
  if (!row.action.startsWith(route!.audit!.action.split('.')[0]!)) return `the row's action is ${row.action}`;
  if (route!.audit!.targetType !== row.targetType) return `the row's target type is ${row.targetType}`;
  return null;
}

/** The authorisation matrix's cases for the audit log's own route. */
export function auditCases(): Record<string, Case[]> {
  return {
    'GET /api/admin/audit': [
      {
        name: 'the audit log',
        request: () => ({ method: 'GET', url: '/api/admin/audit' }),
        expect: only({ admin: 200 }),
      },
      {
        name: 'an unknown filter (admins pass the role guard)',
        request: () => ({ method: 'GET', url: '/api/admin/audit?who=me' }),
        expect: only({ admin: 400 }),
      },
    ],
  };
}
