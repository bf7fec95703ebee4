import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-context';
import { refuseControlChars } from '../http/control-chars';
import { overLoad } from '../http/over-load';
import { refuseDotSegments } from '../http/paths';
import { rateLimits } from '../http/rate-limits';
import { REQUEST_ID_HEADER } from '../http/request-id';
import { securityHeaders } from '../http/security-headers';
import { unencapsulated } from './unencapsulated';

/**
 * What every request meets before any route, API or page: security headers, the request id, the
 * latency metric, the refusal of dot-segments and control characters (liveness and readiness are
 * health.ts, beside the services they check). Each concern is one registration below, so swapping one for a library
 * (helmet, under-pressure, rate-limit) changes one line. Hooks every request passes are callback
 * style, not async: an async hook costs a promise and a microtask per request (ADR 0024).
 */
export function edgeHardening(deps: AppDeps): FastifyPluginAsync {
  return unencapsulated(async (app) => {
    // Security headers: CSP, X-Frame-Options, nosniff, Referrer-Policy, Permissions-Policy on every answer
    // (app shell, assets, API); HSTS when the site is served over https.
    await securityHeaders(app, {
      https: new URL(deps.config.publicUrl).protocol === 'https:',
      mapStyleUrl: deps.map?.styleUrl,
    });
    // MAX_CONNECTIONS, and 503 `overloaded` while the event loop lags (MAX_EVENT_LOOP_DELAY_MS).
    await overLoad(app, { maxConnections: deps.maxConnections, ...deps.overLoad });
    // @fastify/rate-limit for the per-user limits of features (messages, "Sync now"); Redis when given.
    await rateLimits(app, deps.rateLimits ?? {});
    // Every answer names its request id (the one in the logs), so a user's report can be found.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done(null, payload);
    });
    if (deps.metrics) requestMetrics(app, deps.metrics);
    // `..`/`.` segments (also `%2e`, `\`) are refused before anything else, on every path (404s included), so the
    // origin check, the sign-in throttle and the router all see the path Better Auth and browsers would resolve.
    app.addHook('onRequest', refuseDotSegments);
    // NUL and other control characters in the decoded query, path parameters or body: 400 on every route
    // (Better Auth's included, whose raw body is read here the way it will read it).
    app.addHook('preValidation', refuseControlChars);
  });
}

function requestMetrics(app: FastifyInstance, metrics: NonNullable<AppDeps['metrics']>) {
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern (`/api/homes/:id`, `/details/:id`, `/dashboard/my-booking`, the pages' catch-all `/*`),
    // never the raw URL: one series per route. No route: `not_found` (the not-found handler's JSON 404s), or
    // `unmatched` (answered before routing, e.g. a refused path).
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'not_found' : 'unmatched');
    metrics.observeRequest({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}
