import fastifyCompress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import { accountDataRoutes } from '../features/account-data/account-data-routes';
import { authConfigRoutes, betterAuthRoutes } from '../auth/auth-routes';
import { trustedOrigins } from '../auth/config';
import { resolveIdentity } from '../auth/guards';
import { auditLogHook } from '../features/audit/audit-hook';
import { auditRoutes } from '../features/audit/audit-routes';
import { bookingsRoutes } from '../features/bookings/bookings-routes';
import { receiptsRoutes } from '../features/bookings/receipts-routes';
import { reservationsRoutes } from '../features/bookings/reservations-routes';
import { calendarSyncRoutes } from '../features/calendar-sync/calendar-sync-routes';
import { calendarRoutes } from '../features/calendar/calendar-routes';
import { pricingRoutes } from '../features/pricing/pricing-routes';
import { depositsRoutes } from '../features/deposits/deposits-routes';
import { ledgerRoutes } from '../features/ledger/ledger-routes';
import { homesRoutes } from '../features/homes/homes-routes';
import { messagesRoutes } from '../features/messages/messages-routes';
import { moderationRoutes } from '../features/moderation/moderation-routes';
import { paymentsRoutes } from '../features/payments/payments-routes';
import { payoutsRoutes } from '../features/payouts/payouts-routes';
import { sandboxOnboardingRoutes } from '../features/payouts/payouts-sandbox-routes';
import { reviewsRoutes } from '../features/reviews/reviews-routes';
import { searchRoutes } from '../features/search/search-routes';
import { geoRoutes } from '../features/geo/geo-routes';
import { uploadsRoutes } from '../features/uploads/uploads-routes';
import { profileRoutes } from '../features/users/profile-routes';
import { usersRoutes } from '../features/users/users-routes';
import { wishlistRoutes } from '../features/wishlist/wishlist-routes';
import { originCheck } from '../http/origin-check';
import type { AppServices } from './app-services';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The JSON API under /api: the hooks every API request passes, then each feature's routes. */
export function api(services: AppServices): FastifyPluginAsync {
  const { ctx, auth, throttle, devices, streams } = services;
  return async (app) => {
    // JSON answers are compressed on the fly; the built client ships pre-compressed files instead.
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    // Cross-origin writes are refused; the OAuth callback may arrive as a cross-site form post (Better Auth checks its state).
    app.addHook(
      'onRequest',
      originCheck(trustedOrigins(ctx.config), (path) => path.startsWith('/api/auth/callback/')),
    );
    // request.identity: the caller from the session cookie or bearer token (auth/guards.ts).
    app.addHook('onRequest', resolveIdentity(auth));
    // Any successful write may change what a search answers (homes, holds, cancellations). The cache is
    // cleared before the answer leaves, so the caller's next search (on any process) is fresh.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
      // The places held in memory for the suggestions are checked before the next one (ADR 0064).
      ctx.places.markStale();
      ctx.searchCache.clear().then(
        () => done(null, payload),
        (err: unknown) => {
          request.log.warn({ err }, 'search cache: could not tell other processes about a write');
          done(null, payload);
        },
      );
    });
    // The audit log: a row for each successful admin call of a route declaring config.audit, written
    // before the answer leaves (features/audit/audit-hook.ts, ADR 0059).
    app.addHook('onSend', auditLogHook(ctx));
    await app.register(betterAuthRoutes(auth, ctx.config, { throttle, devices }, ctx.db));
    await app.register(authConfigRoutes(ctx.config));
    await app.register(usersRoutes(ctx, auth));
    await app.register(homesRoutes(ctx));
    await app.register(searchRoutes(ctx));
    await app.register(geoRoutes());
    await app.register(bookingsRoutes(ctx));
    await app.register(calendarRoutes(ctx));
    await app.register(pricingRoutes(ctx));
    await app.register(receiptsRoutes(ctx));
    await app.register(paymentsRoutes(ctx));
    await app.register(uploadsRoutes(ctx));
    await app.register(reservationsRoutes(ctx));
    await app.register(depositsRoutes(ctx));
    await app.register(ledgerRoutes(ctx));
    await app.register(payoutsRoutes(ctx));
    await app.register(sandboxOnboardingRoutes(ctx));
    await app.register(calendarSyncRoutes(ctx));
    await app.register(messagesRoutes(ctx, streams));
    await app.register(reviewsRoutes(ctx));
    await app.register(moderationRoutes(ctx));
    await app.register(wishlistRoutes(ctx));
    await app.register(profileRoutes(ctx));
    await app.register(auditRoutes(ctx));
    await app.register(accountDataRoutes(ctx, auth));
  };
}
