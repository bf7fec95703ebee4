import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppConfig, RateLimitStore } from '../app-context';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import type { MailProvider } from '../providers/mail/mail';
import { promoteToAdmin } from './admins';
import { betterAuthLogger } from './auth-log';
import { trustedOrigins } from './config';
import { resetPasswordMail, verificationMail } from './mails';
import { nameFromProfile, nameProblem } from './user-name';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/schemas/users';
import { UPLOADED_IMAGE_URL } from '#shared/schemas/uploads';

/** Header the Fastify bridge sets to the socket address (any client value is replaced): Better Auth's IP source. */
export const CLIENT_IP_HEADER = 'x-stayhub-client-ip';
export const AUTH_BASE_PATH = '/api/auth';
export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;

/** The real Google issuer: the only one whose `email_verified` we know to be honest. */
const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Account linking: a Google sign-in whose email matches an existing account is linked to it
 * when the provider says the email is verified (`email_verified: true`). Better Auth links a
 * *trusted* provider's sign-in even without that claim, so `google` is trusted only when it
 * really is Google; any other issuer (GOOGLE_ISSUER_URL pointed elsewhere) must prove the email.
 */
export function accountLinkingOptions(config: Pick<AppConfig, 'google'>) {
  const realGoogle = config.google !== null && config.google.issuerUrl.replace(/\/+$/, '') === GOOGLE_ISSUER;
  return { enabled: true, trustedProviders: realGoogle ? ['google'] : [] };
}

/** Refuses a name that is too long, multi-line or holds a link (it is copied into mails). */
function checkedName<T extends { name?: unknown }>(user: T): T {
  if (user.name === undefined) return user;
  const problem = nameProblem(user.name);
  if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'INVALID_NAME' });
  return { ...user, name: (user.name as string).trim() };
}

/** Refuses a photo that is not a picture POST /api/uploads made (null or empty removes the photo). */
function checkedImage<T extends { image?: unknown }>(user: T): T {
  const image = user.image;
  if (image === undefined || image === null || image === '') return user;
  if (typeof image !== 'string' || !UPLOADED_IMAGE_URL.test(image)) {
    throw new APIError('BAD_REQUEST', {
      message: 'Upload the photo first, then use its address.',
      code: 'INVALID_IMAGE',
    });
  }
  return user;
}

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mail: MailProvider;
  log: FastifyBaseLogger;
  /** Called after a password was reset through the mailed link (the sign-in throttle forgets the account). */
  onPasswordReset?: (email: string) => Promise<void>;
  /** Where the rate limiter counts (Redis with several processes); Better Auth's memory when not given. */
  rateLimitStore?: RateLimitStore;
}

/**
 * Better Auth for StayHub:
 * - email + password (8..128 characters), scrypt hashes (the demo data uses
 *   `hashPassword` from better-auth/crypto, the same default);
 * - a verification mail on sign-up (sign-in does not require verification);
 *   a reset mail whose link opens the client page `/reset-password?token=...`;
 * - Google through OpenID Connect discovery at `<GOOGLE_ISSUER_URL>/.well-known/openid-configuration`
 *   (provider id `google`, callback `/api/auth/callback/google`);
 * - bearer tokens (`Authorization: Bearer <token>`) for API clients, signed;
 * - role / location / docImage on the user, never settable by a client.
 */
export function createAuth({ db, config, mail, log, onPasswordReset, rateLimitStore }: AuthDeps) {
  const plugins = authPlugins(config);
  const isAdminEmail = (email: string | undefined | null) =>
    !!email && config.adminEmails.includes(email.trim().toLowerCase());

  return betterAuth({
    appName: 'StayHub',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    plugins,
    telemetry: { enabled: false },
    // Errors are not Better Auth's to log: by default it prints every refused request (4xx) with console.error and
    // an unexpected error (a failed query, with its SQL parameters: emails) in full. With `throw`, a refusal still
    // becomes its answer, and anything else reaches Fastify's error handler (500, logged without parameters).
    onAPIError: { throw: true },
    // What it still logs goes through our logger, at the level the request's outcome deserves (auth-log.ts).
    logger: betterAuthLogger(log),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: false,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mail.send(resetPasswordMail(user.email, url));
      },
      onPasswordReset: async ({ user }) => {
        await onPasswordReset?.(user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.send(verificationMail(user.email, url));
      },
      // ADMIN_EMAILS take effect once the address is proven (see admins.ts). The password goes with it:
      // whoever signed the address up chose it, not necessarily the mailbox's owner (who resets it).
      afterEmailVerification: async (user) => {
        if (isAdminEmail(user.email)) {
          await promoteToAdmin(db, user.email, log, { dropPassword: true });
        }
      },
    },
    user: {
      modelName: 'user',
      additionalFields: {
        role: { type: 'string', required: false, input: false },
        location: { type: 'string', required: false, input: false },
        docImage: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: 24 * 60 * 60,
      // No cookie cache: every request reads the session row, so revocation and role changes apply at once.
      cookieCache: { enabled: false },
    },
    account: {
      accountLinking: accountLinkingOptions(config),
    },
    databaseHooks: { ...userHooks(isAdminEmail), session: suspendedRefused(db) },
    rateLimit: rateLimitOptions(config, rateLimitStore),
    advanced: {
      cookiePrefix: 'stayhub',
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.production, path: '/' },
      // Better Auth skips its origin check when NODE_ENV=test; keep it on everywhere so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

/** Google sign-in (OpenID Connect) when configured, and bearer tokens for API clients. */
function authPlugins(config: AppConfig): BetterAuthOptions['plugins'] {
  const plugins: NonNullable<BetterAuthOptions['plugins']> = [bearer({ requireSignature: true })];
  if (config.google) {
    plugins.push(
      genericOAuth({
        config: [
          {
            providerId: 'google',
            name: 'Google',
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
            // The profile name becomes a valid one (one line, no link, 100 characters at most); see accountLinkingOptions for linking.
            mapProfileToUser: (profile) => ({
              name: nameFromProfile(profile.name, String(profile.email ?? '').split('@')[0] ?? ''),
            }),
          },
        ],
      }),
    );
  }

  return plugins;
}

/** Checks and defaults applied to every user row Better Auth writes. */
function userHooks(isAdminEmail: (email: string | undefined | null) => boolean): BetterAuthOptions['databaseHooks'] {
  return {
    user: {
      create: {
        // A listed admin email becomes admin at sign-up only when it arrives verified (Google); else on verification.
        // Users created through an endpoint (sign-up, OAuth) never bring a role; server code (context null) may.
        // The name is checked here, so sign-up answers 400 with the reason (and so does every other way in).
        before: async (user, context) => {
          const given = context ? null : ((user as { role?: unknown }).role ?? null);
          return {
            data: {
              ...checkedName(user),
              email: user.email.toLowerCase(),
              role: isAdminEmail(user.email) && user.emailVerified ? 'admin' : given,
            },
          };
        },
      },
      update: {
        // POST /api/auth/update-user and profile updates at OAuth sign-in. A photo set later is one of
        // StayHub's uploads (as PUT /api/profile requires), never an outside address that could track viewers.
        before: async (user) => ({ data: checkedImage(checkedName(user)) }),
      },
    },
  };
}

/**
 * A suspended account gets no session (issue 30, ADR 0060): every way in (password, Google, a
 * rotated session) creates one through here, so sign-in is refused with a clear message.
 */
function suspendedRefused(db: Db): NonNullable<BetterAuthOptions['databaseHooks']>['session'] {
  return {
    create: {
      before: async (session) => {
        const [row] = await db
          .select({ at: users.suspendedAt })
          .from(users)
          .where(eq(users.id, session.userId))
          .limit(1);
        if (row?.at) {
          throw new APIError('FORBIDDEN', {
            message: 'This account is suspended. Contact support.',
            code: 'ACCOUNT_SUSPENDED',
          });
        }
      },
    },
  };
}

/** Sign-in has its own throttle (throttle.ts); Better Auth's limiter covers the mail-sending endpoints. */
function rateLimitOptions(
  config: AppConfig,
  rateLimitStore: RateLimitStore | undefined,
): BetterAuthOptions['rateLimit'] {
  return {
    enabled: config.production,
    window: 60,
    max: 300,
    customRules: {
      '/sign-in/email': false,
      '/get-session': false,
      '/sign-up/email': { window: 60, max: 10 },
    },
    // Shared by every process when given (REDIS_URL); sessions stay in PostgreSQL (no secondaryStorage:
    // Better Auth would then read sessions and roles from it, past the app's own revocations).
    ...(rateLimitStore ? { customStorage: rateLimitStore } : {}),
  };
}

export type Auth = ReturnType<typeof createAuth>;
