import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { sessions, verifications } from '../db/schema';
import { SESSION_EXPIRES_IN_SECONDS, type Auth } from './auth';

/**
 * The signed form of a session token (`<token>.<HMAC-SHA256 base64>`): the
 * session cookie's value, and the bearer token API clients send as
 * `Authorization: Bearer <signed>`.
 */
export function signSessionToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

/** Why StayHub ended a session itself (told to the browser that still holds its cookie). */
export type SessionEndReason = 'role_changed' | 'suspended';
/** The header `GET /api/auth/get-session` carries when it answers null for a session StayHub ended. */
export const SESSION_ENDED_HEADER = 'x-session-ended';

const ENDED_PREFIX = 'session-ended:';
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Ends every session of a user (their cookies and bearer tokens stop working at once).
 * With a reason, each ended session is remembered (a hash of its token, until it would
 * have expired) so the browser holding it can be told why it was signed out.
 * The marks live in Better Auth's verifications table (an expiring key/value store).
 */
export async function revokeUserSessions(db: Db, userId: string, reason?: SessionEndReason): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ token: sessions.token, expiresAt: sessions.expiresAt });
  if (reason && rows.length > 0) {
    const now = new Date();
    await db.delete(verifications).where(lt(verifications.expiresAt, now));
    await db.insert(verifications).values(
      rows
        .filter((row) => row.expiresAt > now)
        .map((row) => ({
          id: randomUUID(),
          identifier: `${ENDED_PREFIX}${tokenHash(row.token)}`,
          value: reason,
          expiresAt: row.expiresAt,
        })),
    );
  }
  return rows.length;
}

/** The token of a signed session cookie value (`<token>.<signature>`, URL-encoded), or null. */
function tokenOfCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}

/** Why StayHub ended the session of this request's cookie, or null (none, unknown, or just expired). */
export async function sessionEndReason(auth: Auth, db: Db, cookieHeader: string): Promise<SessionEndReason | null> {
  const ctx = await auth.$context;
  const token = tokenOfCookie(cookieHeader, ctx.authCookies.sessionToken.name);
  if (!token) return null;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, `${ENDED_PREFIX}${tokenHash(token)}`), gt(verifications.expiresAt, new Date())),
    )
    .limit(1);
  return row?.value === 'role_changed' || row?.value === 'suspended' ? row.value : null;
}

/**
 * Replaces the caller's sessions by a new one and sets its cookie on the reply
 * (and `set-auth-token`, as the bearer plugin does, for API clients).
 * Used when a user's own role changes.
 */
export async function rotateOwnSession(
  auth: Auth,
  db: Db,
  userId: string,
  reply: FastifyReply,
  secret: string,
): Promise<string> {
  await revokeUserSessions(db, userId);
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  if (!session) throw new Error('Could not create a session');
  const signed = signSessionToken(session.token, secret);
  const { name, attributes } = ctx.authCookies.sessionToken;
  const parts = [
    `${name}=${encodeURIComponent(signed)}`,
    `Max-Age=${SESSION_EXPIRES_IN_SECONDS}`,
    `Path=${attributes.path ?? '/'}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (attributes.secure) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
  reply.header('set-auth-token', signed);
  return signed;
}
