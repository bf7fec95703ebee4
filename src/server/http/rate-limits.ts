/**
 * Per-user request limits counted by @fastify/rate-limit (ADR 0044): in this process by default, in
 * Redis (the library's own store, on the app's ioredis client) when REDIS_URL is set, so a limit
 * holds across processes. A feature states its rule (`perUserLimit`) and uses the hook it gets as
 * the route's preHandler; the library keeps the count, the window and the Retry-After header, and
 * the feature words the 429 (its own error, answered in the API's error shape).
 *
 * Not here, on purpose: the sign-in throttle with its account lock-out and known devices
 * (auth/throttle.ts, ADR 0033), the per-user upload limits (they also cap uploads in progress, and
 * refuse while unchecked: upload-limits.ts) and Better Auth's own limiter on its mail endpoints.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';

export interface RateLimitsOptions {
  /** The app's Redis connection (REDIS_URL); counts in this process when absent. */
  redis?: Redis | undefined;
  /** REDIS_KEY_PREFIX: keys are `<prefix>rate-limit:<limit>:<user>…`. */
  keyPrefix?: string | undefined;
}

/** Call on the root instance before the routes: `app.rateLimit` (used by `perUserLimit`) comes from here. */
export async function rateLimits(app: FastifyInstance, options: RateLimitsOptions): Promise<void> {
  await app.register(fastifyRateLimit, {
    // Only the routes that ask for a limit have one.
    global: false,
    ...(options.redis && { redis: options.redis, nameSpace: `${options.keyPrefix ?? ''}rate-limit:` }),
    // Redis unreachable: the request goes through uncounted. These limits stop spam and needless work;
    // refusing every message during an outage would be worse (ADR 0031: the app keeps serving).
    skipOnError: true,
    // Answers within the limit are unchanged; a refusal says when to come back.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
}

export interface PerUserLimit {
  /** Names the counter; limits with one name share it across routes. */
  name: string;
  max: number;
  windowSeconds: number;
  /** What a caller past the limit is told, given the seconds until the window ends. */
  refuse: (retryAfterSeconds: number) => Error;
  /** Narrows the counter further (e.g. to one home of the user). */
  scope?: (request: FastifyRequest) => string;
}

/**
 * A preHandler counting each request of the signed-in caller (anonymous requests are not counted:
 * the route answers them 401). Runs after validation and the route's role check.
 */
export function perUserLimit(app: FastifyInstance, limit: PerUserLimit): preHandlerAsyncHookHandler {
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    allowList: (request) => !request.identity,
    keyGenerator: (request) =>
      `${limit.name}:${request.identity?.id ?? ''}${limit.scope ? `:${limit.scope(request)}` : ''}`,
    errorResponseBuilder: (_request, context) => limit.refuse(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
