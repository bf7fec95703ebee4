import type { onRequestHookHandler } from 'fastify';
import { invalid } from '#server/domain-errors';

/**
 * The path of a request URL as a WHATWG URL parser (Better Auth, browsers)
 * sees it: dot-segments resolved, `\` read as `/`, `%2e` read as `.`.
 * Route decisions (throttling, exemptions) must use this, not the raw URL.
 */
export function pathnameOf(url: string): string {
  return new URL(url, 'http://x').pathname;
}

/** `/../`, `/./` (also at the end, with `\` or `%2e` instead), a raw `\`, or any `%2e`. */
const DOT_SEGMENT = /(^|[/\\])\.{1,2}([/\\]|$)|\\|%2e/i;

/** True when the raw path of `url` (query left out) holds something a URL parser would resolve away. */
function hasDotSegments(url: string): boolean {
  const raw = url.split('?')[0] ?? '';
  return DOT_SEGMENT.test(raw);
}

/**
 * onRequest hook: refuses (400) a URL whose path has dot-segments, so every
 * later check sees the same path the handler (and Better Auth) will route by.
 * Callback style: it runs on every request (ADR 0024).
 */
export const refuseDotSegments: onRequestHookHandler = (request, _reply, done) => {
  done(hasDotSegments(request.url) ? invalid('The request path must not contain "." or ".." segments') : undefined);
};
