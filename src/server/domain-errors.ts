/**
 * What a service may refuse with. Services (and auth, providers' callers)
 * throw these; they never speak HTTP. The one error handler in app.ts maps a
 * kind to its status code and answers `{ error: { code, message } }` with the
 * error's own code and message.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'limit_reached'
  | 'payment_declined'
  | 'provider_unavailable'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine-readable code, sent as `error.code`. */
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
}

/** The input breaks a rule of the domain (dates in the past, too many guests ...). */
export const invalid = (message: string, code = 'invalid_request') => new DomainError('invalid', code, message);
/** Nobody is signed in. */
export const unauthenticated = (message = 'Sign in to continue') =>
  new DomainError('unauthenticated', 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new DomainError('forbidden', 'forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not_found', 'not_found', message);
/** The current state does not allow it (dates taken, price changed, hold ended ...). */
export const conflict = (message: string, code = 'conflict') => new DomainError('conflict', code, message);
/** A file or value above its size limit. */
export const tooLarge = (message: string, code: string) => new DomainError('too_large', code, message);
/** A kind of content that is not accepted (e.g. a file that is not a picture). */
export const unsupported = (message: string, code: string) => new DomainError('unsupported', code, message);
/** A per-user limit is reached (e.g. live holds). */
export const limitReached = (message: string, code: string) => new DomainError('limit_reached', code, message);
/** The payment was not made (declined card, unpaid intent). */
export const paymentDeclined = (message: string, code: string) => new DomainError('payment_declined', code, message);
/** A provider we depend on (payments) is not reachable. */
export const providerUnavailable = (message: string, code: string, cause?: unknown) =>
  new DomainError('provider_unavailable', code, message, cause ? { cause } : undefined);
/** Retry-After (seconds) of a 503 `unavailable` answer: about how long a Redis circuit stays open before it tries again. */
export const UNAVAILABLE_RETRY_AFTER = 5;

/** A check this request needs cannot be made right now (its limits live in an unreachable Redis); try again soon. */
export const temporarilyUnavailable = (message: string, code: string, cause?: unknown) =>
  new DomainError('unavailable', code, message, cause ? { cause } : undefined);
