import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ErrorResponse } from '#shared/schemas/common';
import { SharedStateUnavailableError, type AppContext, type AppDeps } from './app-context';
import { DomainError, UNAVAILABLE_RETRY_AFTER, type DomainErrorKind } from './domain-errors';
import { createSearchCache } from './features/homes/search-cache';
import { createAuth, type Auth } from './auth/auth';
import { authConfigRoutes, betterAuthRoutes } from './auth/auth-routes';
import { trustedOrigins } from './auth/config';
import { resolveIdentity } from './auth/guards';
import { knownDevices } from './auth/known-device';
import { signInAttackAlert } from './auth/sign-in-alert';
import { loginThrottle, memoryThrottleStore } from './auth/throttle';
import { logSafeError } from './db/log-safe-error';
import { bookingsRoutes } from './features/bookings/bookings-routes';
import { reservationsRoutes } from './features/bookings/reservations-routes';
import { calendarSyncRoutes } from './features/calendar-sync/calendar-sync-routes';
import { importNamesOf } from './features/calendar-sync/imports-service';
import { calendarRoutes } from './features/calendar/calendar-routes';
import { reviewsRoutes } from './features/reviews/reviews-routes';
import { searchRoutes } from './features/search/search-routes';
import { wishlistRoutes } from './features/wishlist/wishlist-routes';
import { profileRoutes } from './features/users/profile-routes';
import { receiptsRoutes } from './features/bookings/receipts-routes';
import { homesRoutes } from './features/homes/homes-routes';
import { countLocallyWhileUnavailable, memoryRateLimitStore } from './features/messages/messages-limits';
import { messagesRoutes } from './features/messages/messages-routes';
import { liveStreams } from './features/messages/messages-stream';
import { paymentsRoutes } from './features/payments/payments-routes';
import { publicUploadsRoutes } from './features/uploads/public-uploads-routes';
import { seoRoutes } from './features/seo/seo-routes';
import { pageRenderer } from './features/ssr/ssr-routes';
import { uploadsRoutes } from './features/uploads/uploads-routes';
import { usersRoutes } from './features/users/users-routes';
import { refuseControlChars } from './http/control-chars';
import { databaseRefusal } from './http/database-refusals';
import { HttpError } from './http/errors';
import { originCheck } from './http/origin-check';
import { overLoad } from './http/over-load';
import { refuseDotSegments } from './http/paths';
import { rateLimits } from './http/rate-limits';
import { REQUEST_ID_HEADER, requestIds } from './http/request-id';
import { checkedSerializer, fastSerializerCompiler } from './http/serializers';
import { securityHeaders } from './http/security-headers';
import { memoryMessageBus } from './providers/live/memory-bus';
import { mailQueue, type MailQueue } from './providers/mail/mail-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Better Auth instance (tests use it to create sessions). */
    auth: Auth;
    /** Every route as registered (method, full URL); the authorisation matrix test reads it. */
    routeTable: { method: string; url: string }[];
    /** Mail sent by Better Auth (verification, password reset) goes out through this queue, off the request path. */
    mailQueue: MailQueue;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const DEFAULT_TIMEOUTS = { requestMs: 60_000, headersMs: 10_000, idleMs: 30_000, checkIntervalMs: 1_000 };
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The status code of each domain error (services throw them; this is the one place they become HTTP). */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  limit_reached: 429,
  provider_unavailable: 502,
  unavailable: 503,
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function errorBody(code: string, message: string, issues?: { path: string; message: string }[]): ErrorResponse {
  return { error: { code, message, ...(issues ? { issues } : {}) } };
}

/** Builds the whole HTTP app from its dependencies; nothing happens at import time. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    // Errors are logged through logSafeError: a database error without its SQL parameters (emails).
    logger: deps.logger ? { ...(deps.logger === true ? {} : deps.logger), serializers: { err: logSafeError } } : false,
    // X-Forwarded-For is read only from the listed proxies (TRUST_PROXY); empty: the socket address is the client.
    trustProxy: deps.trustProxy?.length ? [...deps.trustProxy] : false,
    bodyLimit: 1024 * 1024,
    genReqId: requestIds(deps.trustProxy),
    // A client that sends its headers or body too slowly is answered 408 and disconnected (slow-loris);
    // an idle connection is closed. Node checks the deadlines every `checkIntervalMs`.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  }).withTypeProvider<ZodTypeProvider>();
  // MAX_CONNECTIONS, and 503 `overloaded` while the event loop lags (MAX_EVENT_LOOP_DELAY_MS).
  await overLoad(app, { maxConnections: deps.maxConnections, ...deps.overLoad });

  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) routeTable.push({ method, url: route.url });
  });

  // CSP, X-Frame-Options, nosniff, Referrer-Policy, Permissions-Policy on every answer (app shell, assets, API);
  // HSTS when the site is served over https.
  await securityHeaders(app, { https: new URL(deps.config.publicUrl).protocol === 'https:' });
  // @fastify/rate-limit for the per-user limits of features (messages, "Sync now"); Redis when given.
  await rateLimits(app, deps.rateLimits ?? {});
  // Every answer names its request id (the one in the logs), so a user's report can be found.
  // Hooks every request passes are callback style, not async: an async hook costs a promise and a
  // microtask per request (ADR 0024).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  const metrics = deps.metrics;
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern (`/api/homes/:id`), never the raw URL: one series per route.
      const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'not_found' : 'unmatched');
      metrics.observeRequest({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });
  }
  // `..`/`.` segments (also `%2e`, `\`) are refused before anything else, on every path (404s included), so the
  // origin check, the sign-in throttle and the router all see the path Better Auth and browsers would resolve.
  app.addHook('onRequest', refuseDotSegments);
  // NUL and other control characters in the decoded query, path parameters or body: 400 on every route
  // (Better Auth's included, whose raw body is read here the way it will read it).
  app.addHook('preValidation', refuseControlChars);

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their response schemas unless told not to (production: ADR 0014).
  app.setSerializerCompiler(deps.checkResponses === false ? fastSerializerCompiler() : checkedSerializer);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      return reply
        .status(400)
        .send(errorBody('invalid_request', first ? `${first.path}: ${first.message}` : 'Invalid request', issues));
    }
    if (error instanceof DomainError) {
      // A check that cannot be made now (Redis unreachable): worth trying again in a few seconds.
      if (error.kind === 'unavailable') reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER));
      return reply.status(DOMAIN_ERROR_STATUS[error.kind]).send(errorBody(error.code, error.message));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    const refused = databaseRefusal(error);
    if (refused) {
      // Our validation missed a rule the database holds: worth fixing, but the client's input, not an outage.
      request.log.warn({ err: error }, 'database refused the request');
      return reply.status(refused.statusCode).send(errorBody(refused.code, refused.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side. Please try again.'));
    }
    return reply.status(status).send(errorBody(error.code?.toLowerCase() ?? 'bad_request', error.message));
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'StayHub API', version: '1.0.0', description: 'Generated from the zod schemas in src/shared.' },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  const localCount = () => memoryRateLimitStore(() => deps.clock.now().getTime());
  // A request that mails answers as fast whether or not a mail goes out (no account probing by timing).
  const authMail = mailQueue(deps.mail, { log: app.log });
  app.decorate('mailQueue', authMail);
  app.addHook('onClose', () => authMail.drained());
  const now = () => deps.clock.now().getTime();
  const throttle = loginThrottle(deps.loginThrottleStore ?? memoryThrottleStore(), now, {
    onAttack: signInAttackAlert({ db: deps.db, mail: authMail, publicUrl: deps.config.publicUrl, log: app.log }),
  });
  const devices = knownDevices({
    db: deps.db,
    secret: deps.config.authSecret,
    secure: deps.config.production,
    now,
  });
  const auth = createAuth({
    db: deps.db,
    config: deps.config,
    mail: authMail,
    log: app.log,
    // The password is changed by then: an unreachable throttle must not turn that into an error. A sign-in
    // lock on the account then stays until the next reset (or a day without attempts).
    onPasswordReset: (email) =>
      throttle.accountReset(email).catch((err: unknown) => {
        if (!(err instanceof SharedStateUnavailableError)) throw err;
        app.log.warn({ err }, 'password reset: could not clear the sign-in throttle (Redis unreachable)');
      }),
    // While Redis is unreachable Better Auth's limits count in this process instead of failing every auth request.
    rateLimitStore:
      deps.authRateLimitStore &&
      countLocallyWhileUnavailable(deps.authRateLimitStore, localCount(), (err) =>
        app.log.debug({ err }, 'auth rate limit counted in this process (shared store unavailable)'),
      ),
  });
  app.decorate('auth', auth);
  app.decorateRequest('identity', null);
  const ctx: AppContext = {
    ...deps,
    searchCache: createSearchCache({
      ttlMs: deps.searchCacheTtlMs ?? 0,
      clock: deps.clock,
      shared: deps.searchGeneration,
      onSharedError: (err) =>
        app.log.warn({ err }, 'search cache: shared generation unreadable; searching the database'),
    }),
    log: app.log,
    publicUrl: deps.config.publicUrl,
    messageBus: deps.messageBus ?? memoryMessageBus(),
    importNames: (ids) => importNamesOf(deps.db, ids),
  };
  // Live message streams stay open for minutes: they are ended before the server closes, so a
  // shutdown does not wait for them (the browser reconnects, to another process).
  const streams = liveStreams(ctx.messageBus, deps.messageStream);
  app.addHook('preClose', async () => streams.closeAll());

  await app.register(
    async (api) => {
      // JSON answers are compressed on the fly; the built client ships pre-compressed files instead.
      await api.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
      // Cross-origin writes are refused; the OAuth callback may arrive as a cross-site form post (Better Auth checks its state).
      api.addHook(
        'onRequest',
        originCheck(trustedOrigins(deps.config), (path) => path.startsWith('/api/auth/callback/')),
      );
      // request.identity: the caller from the session cookie or bearer token (auth/guards.ts).
      api.addHook('onRequest', resolveIdentity(auth));
      // Any successful write may change what a search answers (homes, holds, cancellations). The cache is
      // cleared before the answer leaves, so the caller's next search (on any process) is fresh.
      api.addHook('onSend', (request, reply, payload, done) => {
        if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
        ctx.searchCache.clear().then(
          () => done(null, payload),
          (err: unknown) => {
            request.log.warn({ err }, 'search cache: could not tell other processes about a write');
            done(null, payload);
          },
        );
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      // Liveness: the process is up and has finished start-up.
      api.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
      // Readiness: 503 while shutting down or while the database (or Redis, when used) does not answer.
      api.get('/ready', { schema: { hide: true } }, async (request, reply) => {
        if (deps.readiness?.draining?.()) {
          return reply.status(503).send(errorBody('draining', 'This process is shutting down'));
        }
        const checks: Record<string, () => Promise<unknown>> = {
          database: () => deps.db.execute(sql`select 1`),
          ...deps.readiness?.checks,
        };
        const failed: string[] = [];
        await Promise.all(
          Object.entries(checks).map(async ([name, check]) => {
            try {
              await withTimeout(check(), 2_000);
            } catch (err) {
              request.log.warn({ err }, `readiness: ${name} is unreachable`);
              failed.push(name);
            }
          }),
        );
        if (failed.length) {
          return reply.status(503).send(errorBody('not_ready', `Unreachable: ${failed.sort().join(', ')}`));
        }
        return { ok: true };
      });
      await api.register(betterAuthRoutes(auth, deps.config, { throttle, devices }, deps.db));
      await api.register(authConfigRoutes(deps.config));
      await api.register(usersRoutes(ctx, auth));
      await api.register(homesRoutes(ctx));
      await api.register(searchRoutes(ctx));
      await api.register(bookingsRoutes(ctx));
      await api.register(calendarRoutes(ctx));
      await api.register(receiptsRoutes(ctx));
      await api.register(paymentsRoutes(ctx));
      await api.register(uploadsRoutes(ctx));
      await api.register(reservationsRoutes(ctx));
      await api.register(calendarSyncRoutes(ctx));
      await api.register(messagesRoutes(ctx, streams));
      await api.register(reviewsRoutes(ctx));
      await api.register(wishlistRoutes(ctx));
      await api.register(profileRoutes(ctx));
    },
    { prefix: '/api' },
  );

  // Public pictures from storage (disk or bucket), cached for a year (ADR 0012).
  await app.register(publicUploadsRoutes(ctx));
  // robots.txt, sitemaps and the site's share card (ADR 0022).
  await app.register(seoRoutes(ctx));

  const clientDir = deps.clientDir;
  const indexHtml = clientDir && existsSync(join(clientDir, 'index.html'));
  if (clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // dist/client holds .br and .gz siblings made at build time (scripts/client-build.mjs).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes(`${join(clientDir, 'assets')}`) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // Public pages are rendered on the server with their data (ADR 0021); other pages get the shell.
  const pages = clientDir && indexHtml ? await pageRenderer(ctx, clientDir) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (an old hashed chunk after a deploy, /favicon.png) is a 404, never the app shell:
    // a script answered with HTML would fail obscurely instead of letting the router reload.
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path) || path.startsWith('/assets/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !looksLikeFile &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/uploads/');
    if (wantsPage && pages?.handles(path)) return pages.send(request, reply);
    if (wantsPage && indexHtml) {
      // Client-side routes (/details/:id, /dashboard/...) all load the app shell.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', clientDir!);
    }
    return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${path}`));
  });

  return app;
}
