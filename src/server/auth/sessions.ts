import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { SESSION_EXPIRES_IN_SECONDS, type Auth } from './auth';

/**
 * The signed form of a session token (`<token>.<HMAC-SHA256 base64>`): the
 * session cookie's value, and the bearer token API clients send as
 * `Authorization: Bearer <signed>`.
 */
export function signSessionToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

/** Ends every session of a user (their cookies and bearer tokens stop working at once). */
export async function revokeUserSessions(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.length;
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
