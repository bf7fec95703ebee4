import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgedDelete, errorResponse } from '#shared/schemas/common';
import { accountExportSchema, deleteAccountSchema, FRESH_SIGN_IN_MINUTES } from '#shared/schemas/account-data';
import type { AppContext } from '#server/app-context';
import type { Auth } from '#server/auth/auth';
import { authenticated, requireUser, type Identity } from '#server/auth/guards';
import { accounts, sessions } from '#server/db/schema';
import { DomainError, invalid } from '#server/domain-errors';
import { HttpError } from '#server/http/errors';
import { perUserLimit } from '#server/http/rate-limits';
import { deleteAccount } from './account-deletion';
import { exportAccount } from './account-export';

/** Tries at deleting the account (each asks the password) a person may make per hour. */
const ACCOUNT_DELETE_TRIES_PER_HOUR = 10;

const wrongPassword = () => new DomainError('forbidden', 'wrong_password', 'That password is not right.');

/**
 * Proves it is the person: their password again or, for an account without one (Google only), a
 * session begun less than FRESH_SIGN_IN_MINUTES ago (every Google sign-in makes a new session).
 */
async function confirmIdentity(ctx: AppContext, me: Identity, password: string | undefined) {
  const [credential] = await ctx.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, me.id), eq(accounts.providerId, 'credential')))
    .limit(1);
  if (credential?.hash) {
    if (password === undefined) throw invalid('Enter your password to delete your account.', 'password_required');
    if (!(await verifyPassword({ hash: credential.hash, password }))) throw wrongPassword();
    return;
  }
  const [session] = await ctx.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, me.sessionId));
  const ageMs = ctx.clock.now().getTime() - (session?.createdAt.getTime() ?? 0);
  if (ageMs > FRESH_SIGN_IN_MINUTES * 60_000) {
    throw new DomainError(
      'forbidden',
      'sign_in_again',
      `Sign in with Google again, then delete your account within ${FRESH_SIGN_IN_MINUTES} minutes.`,
    );
  }
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The person's own data (issue 30): take it with them, or delete the account. */
export function accountDataRoutes(ctx: AppContext, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/export',
      {
        preValidation: authenticated,
        schema: {
          tags: ['users'],
          summary: 'Download your data (JSON attachment)',
          description:
            'Everything StayHub holds about you, one key per table (docs/security.md, data inventory): account, ' +
            'sessions (without tokens), homes, bookings as guest and host, conversations and messages, reviews written ' +
            'and received, wishlist, uploads, deposits, ledger lines and payouts.',
          response: { 200: accountExportSchema, 401: errorResponse },
        },
      },
      async (request, reply) => {
        const me = requireUser(request);
        const now = ctx.clock.now();
        const data = await exportAccount(ctx.db, { id: me.id, email: me.email.toLowerCase() }, now);
        reply.header('cache-control', 'private, no-store');
        reply.header(
          'content-disposition',
          `attachment; filename="stayhub-data-${now.toISOString().slice(0, 10)}.json"`,
        );
        return data;
      },
    );

    // The password is asked again here: a stolen session must not be able to guess it without end.
    const deleteLimit = perUserLimit(app, {
      name: 'account-delete',
      max: ACCOUNT_DELETE_TRIES_PER_HOUR,
      windowSeconds: 3600,
      refuse: (seconds) =>
        new HttpError(
          429,
          'too_many_attempts',
          `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
        ),
    });
    app.delete(
      '/me',
      {
        preValidation: authenticated,
        preHandler: deleteLimit,
        schema: {
          tags: ['users'],
          summary: 'Delete your account',
          description:
            'Body {password} (an account without one, Google only: {} within 5 minutes of signing in again; else 403 ' +
            'sign_in_again). 409 stays_upcoming while you have a held, requested or confirmed stay that has not ended, ' +
            'as guest or host. Otherwise you are signed out everywhere, your homes are removed and your personal data ' +
            'erased; bookings, reviews, messages and ledger lines stay with "Deleted user" for the other party and accounting.',
          body: deleteAccountSchema,
          response: { 200: acknowledgedDelete, ...errors, 409: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const me = requireUser(request);
        await confirmIdentity(ctx, me, request.body.password);
        await deleteAccount(
          { db: ctx.db, clock: ctx.clock, storage: ctx.storage, messageBus: ctx.messageBus, log: request.log },
          me.id,
        );
        const { name, attributes } = (await auth.$context).authCookies.sessionToken;
        reply.header('set-cookie', `${name}=; Max-Age=0; Path=${attributes.path ?? '/'}; HttpOnly; SameSite=Lax`);
        return { acknowledged: true, deletedCount: 1 };
      },
    );
  };
}
