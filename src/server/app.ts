import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-context';
import type { Auth } from './auth/auth';
import type { AuditedAction } from './auth/guards';
import { logSafeError } from './db/log-safe-error';
import { errorHandler } from './http/error-handler';
import { openApiDocs } from './http/openapi';
import { requestIds } from './http/request-id';
import { checkedSerializer, fastSerializerCompiler } from './http/serializers';
import { api } from './plugins/api';
import { appServices } from './plugins/app-services';
import { edgeHardening } from './plugins/edge-hardening';
import { healthRoutes } from './plugins/health';
import { jobs } from './plugins/jobs';
import { pages } from './plugins/pages';
import { mapRoutes } from './features/map/map-routes';
import type { MailQueue } from './providers/mail/mail-queue';

export { DOMAIN_ERROR_STATUS } from './http/error-handler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Better Auth instance (tests use it to create sessions). */
    auth: Auth;
    /** Every route as registered (method, full URL, the admin action it audits); the authorisation matrix test reads it. */
    routeTable: RouteEntry[];
    /** Mail sent by Better Auth (verification, password reset) goes out through this queue, off the request path. */
    mailQueue: MailQueue;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  audit?: AuditedAction | undefined;
}

export const DEFAULT_TIMEOUTS = { requestMs: 60_000, headersMs: 10_000, idleMs: 30_000, checkIntervalMs: 1_000 };

/**
 * Builds the whole HTTP app from its dependencies; nothing happens at import time. The app is a
 * few plugins (docs/architecture.md, "The server"): edge hardening, the API, the public pages, the
 * background jobs. The deps are the outside world (database, payments, storage, mail, clock, ...):
 * main.ts chooses them from the environment (providers/providers-from-env.ts), tests hand in theirs.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServer(deps);
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their response schemas unless told not to (production: ADR 0014).
  app.setSerializerCompiler(deps.checkResponses === false ? fastSerializerCompiler() : checkedSerializer);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('identity', null);

  await app.register(edgeHardening(deps));
  // The OpenAPI document of the routes below, and its docs page at /api/docs (JSON at /api/docs/json).
  await openApiDocs(app, { secureCookies: deps.config.production });
  const services = appServices(app, deps);
  // Liveness and readiness (readiness waits for the places a search walks: health.ts).
  await app.register(healthRoutes(deps, { places: services.ctx.places }), { prefix: '/api' });
  await app.register(api(services), { prefix: '/api' });
  // The map's style and basemap (/map/...): public, beside the pages.
  await app.register(mapRoutes(deps.map ?? {}));
  await app.register(pages(services.ctx));
  if (deps.jobs) await app.register(jobs(services.ctx, deps.jobs));
  return app;
}

function createServer(deps: AppDeps) {
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
  return app;
}

function recordRoutes(app: FastifyInstance) {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method))
      routeTable.push({ method, url: route.url, audit: route.config?.audit });
  });
}
