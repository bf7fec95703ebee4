import type { onSendHookHandler } from 'fastify';

/**
 * Content-Security-Policy of the app shell (and of every other answer; JSON
 * does not care). The built client has no inline script (src/client/index.html
 * loads one module file); Stripe.js loads from js.stripe.com (and, per Stripe's security guide,
 * *.js.stripe.com), draws its card field in frames from there / hooks.stripe.com and calls api.stripe.com;
 * react-hot-toast injects <style> tags, hence 'unsafe-inline' for styles only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "connect-src 'self' https://api.stripe.com",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Browser features no StayHub page uses, denied to the page and every frame in it, so an injected
 * script or a hostile frame cannot ask for them. `payment` stays open to the page and Stripe's frames:
 * the card field needs none, but Stripe's wallet buttons (Apple Pay, Google Pay) run the Payment
 * Request API inside js.stripe.com frames, and a frame gets a feature only if its parent has it too.
 * Clipboard and fullscreen stay at the browser's defaults (the iCal feed link is copied). Only
 * features Chromium knows are listed: an unknown name makes it log an error on every page.
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
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/**
 * onSend hook: the security headers on every answer (a route may set its own value first), and
 * Strict-Transport-Security when the site is https (`https`: PUBLIC_URL's scheme; the app itself
 * speaks plain HTTP behind the proxy that terminates TLS, so the request cannot tell).
 * Callback style, not async: it runs on every request, and an async hook costs a promise and a
 * microtask each time (ADR 0024).
 */
export function securityHeaders(options: { https: boolean }): onSendHookHandler {
  const entries = Object.entries(
    options.https ? { ...SECURITY_HEADERS, 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : SECURITY_HEADERS,
  );
  return (_request, reply, payload, done) => {
    for (const [name, value] of entries) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  };
}
