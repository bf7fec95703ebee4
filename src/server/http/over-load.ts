/**
 * Over-load protection at the edge (ADR 0044).
 *
 * - MAX_CONNECTIONS stays Node's own `server.maxConnections`: a connection beyond it is dropped as
 *   it arrives, before any HTTP is parsed, which is what keeps file descriptors for the database,
 *   Redis and disk. @fastify/under-pressure acts per request, after the socket is accepted, so it
 *   cannot do that.
 * - MAX_EVENT_LOOP_DELAY_MS: with it, @fastify/under-pressure samples the event-loop delay and, while
 *   the mean delay is above it, answers new requests 503 `overloaded` with Retry-After at once
 *   instead of queueing them behind work they would only make later. `/api/health` (liveness) is
 *   exempt, so an over-loaded process is not restarted; `/api/ready` answers 503, so the load
 *   balancer sends elsewhere. Unset: not registered at all (no hook, no timer).
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Seconds a client is asked to wait before trying an over-loaded process again. */
export const OVERLOADED_RETRY_AFTER = 5;
export const OVERLOADED_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';
/** The liveness route: it must answer whatever the load. */
const LIVENESS_URL = '/api/health';

export interface OverLoadOptions {
  /** MAX_CONNECTIONS: connections beyond it are dropped as they arrive. */
  maxConnections?: number | undefined;
  /** MAX_EVENT_LOOP_DELAY_MS: above this mean event-loop delay requests answer 503 `overloaded`. */
  maxEventLoopDelayMs?: number | undefined;
  /** How often the delay is sampled (default 1 s; tests use less). */
  sampleIntervalMs?: number | undefined;
}

/** Call on the root instance, before the routes (under-pressure's hook must see every request). */
export async function overLoad(app: FastifyInstance, options: OverLoadOptions): Promise<void> {
  // Beyond it Node drops a new connection at once instead of running out of file descriptors, which the
  // database pool, Redis and disk reads of the connections already accepted need too.
  if (options.maxConnections) app.server.maxConnections = options.maxConnections;
  if (!options.maxEventLoopDelayMs) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    ...(options.sampleIntervalMs !== undefined && { sampleInterval: options.sampleIntervalMs }),
    // Runs only while over-loaded: an answer in StayHub's error shape through the app's error handler.
    pressureHandler: async (request, reply) => {
      if (request.url === LIVENESS_URL) return;
      reply.header('retry-after', String(OVERLOADED_RETRY_AFTER));
      throw new HttpError(503, 'overloaded', OVERLOADED_MESSAGE);
    },
  });
}
