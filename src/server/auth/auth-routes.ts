import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../app-context';
import type { Auth } from './auth';
import { requestHeaders } from './guards';
import type { LoginThrottle } from './throttle';

const SIGN_IN_EMAIL = '/api/auth/sign-in/email';

export const authConfigSchema = z
  .object({ google: z.boolean().describe('false: the Google button shows "Google sign-in is not configured"') })
  .meta({ id: 'AuthConfig' });

/** GET /api/auth-config: what the sign-in screens can offer. */
export function authConfigRoutes(config: AppConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/auth-config', {
      schema: { tags: ['auth'], summary: 'Sign-in options the client can show', response: { 200: authConfigSchema } },
    }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { google: config.google !== null };
    });
  };
}

function emailOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return null;
  const type = String(request.headers['content-type'] ?? '');
  try {
    if (type.includes('application/json')) {
      const parsed = JSON.parse(body.toString('utf8')) as { email?: unknown };
      return typeof parsed.email === 'string' ? parsed.email : null;
    }
    if (type.includes('application/x-www-form-urlencoded')) {
      return new URLSearchParams(body.toString('utf8')).get('email');
    }
  } catch {
    return null;
  }
  return null;
}

async function send(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding' && key !== 'transfer-encoding') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body.length ? body : null);
}

/**
 * Mounts Better Auth at /api/auth/*: the Fastify request becomes a web
 * Request (raw body, headers, client IP) and the Response is copied back.
 * Sign-in by email goes through the login throttle first.
 */
export function betterAuthRoutes(auth: Auth, config: AppConfig, throttle: LoginThrottle): FastifyPluginAsync {
  return async (app) => {
    // Better Auth reads the body itself: keep every body as raw bytes.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

    app.route({
      method: ['GET', 'POST'],
      url: '/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = request.url.split('?')[0];
        const email = request.method === 'POST' && path === SIGN_IN_EMAIL ? emailOf(request) : null;
        if (email !== null) {
          const decision = await throttle.begin(request.ip, email);
          if (!decision.allowed) {
            const minutes = Math.ceil(decision.retryAfterSeconds / 60);
            reply.header('retry-after', String(decision.retryAfterSeconds));
            return reply.status(429).send({
              code: decision.reason === 'locked' ? 'TOO_MANY_ATTEMPTS_LOCKED' : 'TOO_MANY_ATTEMPTS',
              message: decision.reason === 'locked'
                ? `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
                : `Too many failed sign-in attempts. Wait ${decision.retryAfterSeconds} seconds and try again.`,
            });
          }
        }
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Buffer | undefined);
        const webRequest = new Request(new URL(request.url, config.publicUrl), {
          method: request.method,
          headers: requestHeaders(request),
          body: body && body.length ? new Uint8Array(body) : undefined,
        });
        const response = await auth.handler(webRequest);
        if (email !== null && response.status >= 200 && response.status < 300) {
          await throttle.succeeded(request.ip, email);
        }
        return send(reply, response);
      },
    });
  };
}
