import type { FastifyInstance } from 'fastify';
import { SharedStateUnavailableError, type AppContext, type AppDeps } from '../app-context';
import { createAuth, type Auth } from '../auth/auth';
import { knownDevices, type KnownDevices } from '../auth/known-device';
import { signInAttackAlert } from '../auth/sign-in-alert';
import { loginThrottle, memoryThrottleStore, type LoginThrottle } from '../auth/throttle';
import { importNamesOf } from '../features/calendar-sync/imports-service';
import { createSearchCache } from '../features/homes/search-cache';
import { placeSuggester } from '../features/search/place-suggestions';
import { countLocallyWhileUnavailable, memoryRateLimitStore } from '../features/messages/messages-limits';
import { liveStreams, type LiveStreams } from '../features/messages/messages-stream';
import { memoryMessageBus } from '../providers/live/memory-bus';
import { mailQueue } from '../providers/mail/mail-queue';
import { sandboxPayouts } from '../providers/payouts/sandbox-payouts';

/** What the routes share: the context handed to services, Better Auth and its sign-in guards, the live streams. */
export interface AppServices {
  ctx: AppContext;
  auth: Auth;
  throttle: LoginThrottle;
  devices: KnownDevices;
  streams: LiveStreams;
}

/**
 * Builds the services' context from the deps: what tests may leave out falls back to this process
 * (memory counters, an in-process message bus), and a shared store that stops answering is
 * counted in this process meanwhile. Decorates `app.auth` and `app.mailQueue`.
 */
export function appServices(app: FastifyInstance, deps: AppDeps): AppServices {
  const now = () => deps.clock.now().getTime();
  const localCount = () => memoryRateLimitStore(now);
  // Every mail goes through the durable queue (ADR 0046): accepted mail survives a crash, and a request
  // that mails answers as fast whether or not a mail goes out (no account probing by timing).
  const mail = mailQueue(deps.mail, { db: deps.db, log: app.log });
  app.decorate('mailQueue', mail);
  app.addHook('onClose', () => mail.stop());
  const throttle = loginThrottle(deps.loginThrottleStore ?? memoryThrottleStore(), now, {
    onAttack: signInAttackAlert({ db: deps.db, mail, publicUrl: deps.config.publicUrl, log: app.log }),
  });
  const devices = knownDevices({ db: deps.db, secret: deps.config.authSecret, secure: deps.config.production, now });
  const auth = createAuth({
    db: deps.db,
    config: deps.config,
    mail,
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
  const ctx: AppContext = {
    ...deps,
    mail,
    searchCache: createSearchCache({
      ttlMs: deps.searchCacheTtlMs ?? 0,
      clock: deps.clock,
      shared: deps.searchGeneration,
      onSharedError: (err) =>
        app.log.warn({ err }, 'search cache: shared generation unreadable; searching the database'),
    }),
    places: placeSuggester(deps.db, { clock: deps.clock, maxAgeMs: deps.placesMaxAgeMs ?? 0 }),
    log: app.log,
    publicUrl: deps.config.publicUrl,
    messageBus: deps.messageBus ?? memoryMessageBus(),
    importNames: (ids) => importNamesOf(deps.db, ids),
    payouts: deps.payouts ?? sandboxPayouts({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl }),
  };
  // Live message streams stay open for minutes: they are ended before the server closes, so a
  // shutdown does not wait for them (the browser reconnects, to another process).
  const streams = liveStreams(ctx.messageBus, deps.messageStream);
  app.addHook('preClose', async () => streams.closeAll());
  return { ctx, auth, throttle, devices, streams };
}
