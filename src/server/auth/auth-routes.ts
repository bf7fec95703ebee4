import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SharedStateUnavailableError, type AppConfig } from '../app-context';
import { UNAVAILABLE_RETRY_AFTER } from '../domain-errors';
import type { Db } from '../db/client';
import type { Auth } from './auth';
import { withAuthLog } from './auth-log';
import { requestHeaders } from './guards';
import type { KnownDevices } from './known-device';
import { SESSION_ENDED_HEADER, sessionEndReason } from './sessions';
import { throttleMessage, type LoginThrottle } from './throttle';

const SIGN_IN_EMAIL = '/api/auth/sign-in/email';
const GET_SESSION = '/api/auth/get-session';

/**
 * Sign-in while its throttle cannot be checked (the counters live in an unreachable Redis):
 * refused rather than let through unthrottled, with Better Auth's `{ code, message }` shape,
 * which the sign-in form shows.
 */
const SIGN_IN_UNAVAILABLE = {
  code: 'SIGN_IN_UNAVAILABLE',
  message: 'Sign-in is unavailable for a moment. Please try again in a minute.',
};

const authConfigSchema = z
  .object({ google: z.boolean().describe('false: the Google button shows "Google sign-in is not configured"') })
  .meta({ id: 'AuthConfig' });

/** GET /api/auth-config: what the sign-in screens can offer. */
export function authConfigRoutes(config: AppConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth-config',
      {
        schema: { tags: ['auth'], summary: 'Sign-in options the client can show', response: { 200: authConfigSchema } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return { google: config.google !== null };
      },
    );
  };
}

/** JSON in any case and with any structured suffix (`application/json`, `Application/JSON`, `application/x+json`), as Better Auth reads it. */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

/** The email of a sign-in body (JSON or url-encoded form), or null when none can be read. */
function emailOf(contentType: string | undefined, body: unknown): string | null {
  if (!Buffer.isBuffer(body) || body.length === 0) return null;
  const type = String(contentType ?? '').trim();
  try {
    if (JSON_TYPE.test(type)) {
      const parsed = JSON.parse(body.toString('utf8')) as { email?: unknown } | null;
      return parsed && typeof parsed.email === 'string' ? parsed.email : null;
    }
    if (FORM_TYPE.test(type)) {
      return new URLSearchParams(body.toString('utf8')).get('email');
    }
  } catch {
    return null;
  }
  return null;
}

async function send(reply: FastifyReply, response: Response, extraCookies: string[] = []) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding' && key !== 'transfer-encoding')
      reply.header(key, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body.length ? body : null);
}

/**
 * Mounts Better Auth at /api/auth/*: the Fastify request becomes a web
 * Request (raw body, headers, client IP) and the Response is copied back.
 * Sign-in by email goes through the login throttle first, as from its known device when the
 * browser carries this account's mark, and a successful one renews the mark. A get-session that
 * finds no session for a cookie StayHub ended on a role change says so in `x-session-ended`.
 */
export function betterAuthRoutes(
  auth: Auth,
  config: AppConfig,
  signIns: { throttle: LoginThrottle; devices: KnownDevices },
  db: Db,
): FastifyPluginAsync {
  const { throttle, devices } = signIns;
  return async (app) => {
    // Better Auth reads the body itself: keep every body as raw bytes.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

    app.route({
      method: ['GET', 'POST'],
      url: '/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        // Better Auth routes by the parsed URL (dot-segments resolved), so the throttle decides on the same path.
        const url = new URL(request.url, config.publicUrl);
        const signIn = request.method === 'POST' && url.pathname.replace(/\/+$/, '') === SIGN_IN_EMAIL;
        const email = signIn ? emailOf(request.headers['content-type'], request.body) : null;
        if (signIn && email === null) {
          // Never let a sign-in through unthrottled: a body we cannot read is refused here.
          return reply
            .status(400)
            .send({ code: 'INVALID_REQUEST', message: 'Send the email and password as JSON or as a form.' });
        }
        const cookie = request.headers.cookie;
        // A browser carrying this account's mark is its own source (known-device.ts); else the address is.
        const attempt =
          email === null ? null : { email, source: { ip: request.ip, device: await devices.deviceFor(cookie, email) } };
        if (attempt) {
          const decision = await throttle.begin(attempt.source, attempt.email).catch((err: unknown) => {
            if (err instanceof SharedStateUnavailableError) return null;
            throw err;
          });
          if (decision === null) {
            request.log.warn('sign-in refused: the sign-in throttle is unreachable');
            reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER));
            return reply.status(503).send(SIGN_IN_UNAVAILABLE);
          }
          if (!decision.allowed) {
            // A password reset lifts that refusal, not time: no Retry-After to wait for.
            if (decision.reason !== 'reset') reply.header('retry-after', String(decision.retryAfterSeconds));
            return reply.status(429).send(throttleMessage(decision.reason, decision.retryAfterSeconds));
          }
        }
        const body =
          request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body as Buffer | undefined);
        const webRequest = new Request(url, {
          method: request.method,
          headers: requestHeaders(request),
          body: body && body.length ? new Uint8Array(body) : undefined,
        });
        // Its log lines wait for the answer: a refused client is not an error of ours (auth-log.ts).
        const response = await withAuthLog(request.log, () => auth.handler(webRequest));
        const extraCookies: string[] = [];
        if (attempt && response.status >= 200 && response.status < 300) {
          // The session exists: an unreachable throttle must not turn the success into an error (the
          // attempt then stays counted as a failure until its counter is forgotten).
          await throttle.succeeded(attempt.source, attempt.email).catch((err: unknown) => {
            if (!(err instanceof SharedStateUnavailableError)) throw err;
            request.log.warn({ err }, 'sign-in: could not clear the throttle counters');
          });
          const mark = await devices.remember(cookie, attempt.email);
          if (mark) extraCookies.push(mark);
        }
        if (request.method === 'GET' && url.pathname === GET_SESSION && cookie && response.ok) {
          const answer = (await response.clone().text()).trim();
          if (answer === '' || answer === 'null') {
            const reason = await sessionEndReason(auth, db, cookie);
            if (reason) reply.header(SESSION_ENDED_HEADER, reason);
          }
        }
        return send(reply, response, extraCookies);
      },
    });
  };
}
