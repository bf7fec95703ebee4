import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-context';
import type { PlaceSuggester } from '../features/search/place-suggestions';
import { errorBody } from '../http/error-handler';

const CHECK_MS = 2_000;

/** Whether `promise` settled within `ms`; a rejection rethrows. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health (the process is up) and GET /api/ready (it can serve: not draining, the database
 * and Redis answer, and the places a search walks have been read once, so a process a load balancer
 * has just added answers its first searches without waiting for that read).
 */
export function healthRoutes(
  deps: AppDeps,
  warming: { places: Pick<PlaceSuggester, 'firstRead'> },
): FastifyPluginAsync {
  return async (app) => {
    // Liveness: the process is up and has finished start-up.
    app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
    // Readiness: 503 while shutting down, while the database (or Redis, when used) does not answer,
    // or while the places are first read (the first probe starts that read).
    app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
      if (deps.readiness?.draining?.()) {
        return reply.status(503).send(errorBody('draining', 'This process is shutting down'));
      }
      const checks: Record<string, () => Promise<unknown>> = {
        database: () => deps.db.execute(sql`select 1`),
        ...deps.readiness?.checks,
      };
      const unreachable: string[] = [];
      const [, placesRead] = await Promise.all([
        Promise.all(
          Object.entries(checks).map(async ([name, check]) => {
            try {
              if (!(await settlesWithin(check(), CHECK_MS))) throw new Error(`no answer within ${CHECK_MS} ms`);
            } catch (err) {
              request.log.warn({ err }, `readiness: ${name} is unreachable`);
              unreachable.push(name);
            }
          }),
        ),
        settlesWithin(warming.places.firstRead(), CHECK_MS),
      ]);
      const reasons = [
        ...(unreachable.length ? [`Unreachable: ${unreachable.sort().join(', ')}`] : []),
        ...(placesRead ? [] : ['Loading: places']),
      ];
      if (reasons.length) return reply.status(503).send(errorBody('not_ready', reasons.join('; ')));
      return { ok: true };
    });
  };
}
