import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Content-Security-Policy of the app shell (and of every other answer; JSON
 * does not care). The built client has no inline script (src/client/index.html
 * loads one module file); Stripe.js loads from js.stripe.com (and, per Stripe's security guide,
 * *.js.stripe.com), draws its card field in frames from there / hooks.stripe.com and calls api.stripe.com;
 * react-hot-toast injects <style> tags, hence 'unsafe-inline' for styles only (MapLibre sets inline styles too).
 * The map (issue 29, ADR 0057): MapLibre runs its tile worker from a same-origin module file, or from a
 * blob: URL when it has to copy one, hence `worker-src 'self' blob:` (without it workers fall back to
 * script-src, which has no blob:); its style, basemap and tiles come from 'self' unless MAP_STYLE_URL
 * names another origin, which is then added to connect-src and img-src (sprites, raster tiles).
 * Helmet's own defaults are off (`useDefaults: false`): they would add `upgrade-insecure-requests`,
 * which breaks a site served on plain http (development, an http PUBLIC_URL).
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'worker-src': ["'self'", 'blob:'],
  'img-src': ["'self'", 'data:', 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The directives, with MAP_STYLE_URL's origin allowed to answer the map's requests when it is set. */
export function cspDirectives(mapStyleUrl?: string): Record<string, readonly string[]> {
  if (!mapStyleUrl) return CSP_DIRECTIVES;
  const origin = new URL(mapStyleUrl).origin;
  return {
    ...CSP_DIRECTIVES,
    'connect-src': [...CSP_DIRECTIVES['connect-src'], origin],
    'img-src': [...CSP_DIRECTIVES['img-src'], origin],
  };
}

/**
 * Browser features no StayHub page uses, denied to the page and every frame in it, so an injected
 * script or a hostile frame cannot ask for them. `payment` stays open to the page and Stripe's frames:
 * the card field needs none, but Stripe's wallet buttons (Apple Pay, Google Pay) run the Payment
 * Request API inside js.stripe.com frames, and a frame gets a feature only if its parent has it too.
 * Clipboard and fullscreen stay at the browser's defaults (the iCal feed link is copied). Only
 * features Chromium knows are listed: an unknown name makes it log an error on every page.
 * Helmet has no Permissions-Policy, so it is sent by a hook of our own below.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'serial=()',
  'usb=()',
].join(', ');

/** A year, subdomains included: sent only when PUBLIC_URL is https (browsers ignore it over plain http anyway). */
const HSTS_MAX_AGE_SECONDS = 31_536_000;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/**
 * The security headers on every answer (app shell, assets, API, errors): @fastify/helmet sets them
 * in an onRequest hook, so answers made by later hooks (refusals, 404s) carry them too. Beside the
 * headers StayHub always sent (CSP, X-Frame-Options DENY, nosniff, Referrer-Policy, HSTS on https)
 * helmet adds its other defaults (Cross-Origin-Opener/Resource-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Permitted-Cross-Domain-Policies, X-Download-Options, X-XSS-Protection: 0).
 * Cross-Origin-Opener-Policy allows popups: Stripe's wallet and 3-D Secure flows may open one.
 * Call it on the root instance (helmet is a global plugin). `https`: PUBLIC_URL's scheme; the app speaks plain HTTP behind the proxy that terminates TLS, so
 * the request cannot tell. ADR 0044.
 */
export async function securityHeaders(
  app: FastifyInstance,
  options: { https: boolean; mapStyleUrl?: string | undefined },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options.mapStyleUrl) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false }
      : false,
  });
  // Callback style, not async: it runs on every request, and an async hook costs a promise and a
  // microtask each time (ADR 0024).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}
