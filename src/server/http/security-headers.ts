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

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * onSend hook: the security headers on every answer (a route may set its own value first).
 * Callback style, not async: it runs on every request, and an async hook costs a promise and a
 * microtask each time (ADR 0024).
 */
export const securityHeaders: onSendHookHandler = (_request, reply, payload, done) => {
  for (const [name, value] of ENTRIES) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  done(null, payload);
};
