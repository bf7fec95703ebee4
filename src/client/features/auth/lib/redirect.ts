/**
 * Where to go after login or register: the page the user came from (router state
 * `from`, set by RequireAuth, or the `?from=` query), else `/`. Only paths on this
 * site are accepted, so a crafted link cannot send the user to another origin.
 */
const AUTH_PAGES = ['/login', '/register', '/reset-password'];

interface LocationLike {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
}

/** A same-site path (`/x?y#z`), or null when `value` is not one. */
export function safeLocalPath(value: unknown): string | null {
  let path: string | null = null;
  if (typeof value === 'string') {
    path = value;
  } else if (value && typeof value === 'object') {
    const { pathname, search, hash } = value as LocationLike;
    if (typeof pathname === 'string') {
      path = pathname + (typeof search === 'string' ? search : '') + (typeof hash === 'string' ? hash : '');
    }
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // Control characters and backslashes have no place in our own paths.
  if (path.includes('\\') || [...path].some((char) => char.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(path, 'http://stayhub.invalid');
    if (url.origin !== 'http://stayhub.invalid') return null;
    if (AUTH_PAGES.includes(url.pathname)) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The origin the user came from (router state first, then `?from=`), or null when none was given. */
export function redirectOrigin(state: unknown, search: string): string | null {
  const fromState = state && typeof state === 'object' ? safeLocalPath((state as { from?: unknown }).from) : null;
  if (fromState) return fromState;
  return safeLocalPath(new URLSearchParams(search).get('from'));
}

/** The origin to return to: router state first, then `?from=`, else `/`. */
export function redirectTarget(state: unknown, search: string): string {
  return redirectOrigin(state, search) ?? '/';
}

/**
 * The origin a link to /login or /register should carry from the page it is on:
 * that page itself, or, on an auth page, the origin that page already carries.
 */
export function originOfPage(location: { pathname: string; search: string; hash: string; state?: unknown }): string {
  return (
    safeLocalPath(location.pathname + location.search + location.hash) ??
    redirectTarget(location.state, location.search)
  );
}

/** `/login?from=...` (or `/register?from=...`) for a target; plain when the target is `/`. */
export function withFrom(page: '/login' | '/register', target: string): string {
  return target === '/' ? page : `${page}?from=${encodeURIComponent(target)}`;
}

const EMAIL_VERIFIED_PATH = '/email-verified';

/**
 * The `callbackURL` of a verification mail: /email-verified (it says whether the link worked; Better Auth
 * adds `?error=` when not), which then leads on to `next`, the page the mail was asked for on.
 */
export function verificationCallback(next: string): string {
  const target = safeLocalPath(next);
  return !target || target === '/' ? EMAIL_VERIFIED_PATH : `${EMAIL_VERIFIED_PATH}?next=${encodeURIComponent(target)}`;
}
