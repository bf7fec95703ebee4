import Stripe from 'stripe';

/**
 * A Stripe SDK error as one of our providers' errors (cards and payouts share it): Stripe's message and
 * code (its type when it gave no code). `definite`: Stripe refused the call (a 4xx: nothing was done);
 * a connection error or a 5xx may or may not have gone through.
 */
export function toProviderError<E extends Error>(
  err: unknown,
  provider: 'payment' | 'payout',
  make: (message: string, code: string, definite: boolean, options: { cause: unknown }) => E,
): E {
  if (err instanceof Stripe.errors.StripeError) {
    const definite = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500;
    return make(err.message, err.code ?? err.type, definite, { cause: err });
  }
  return make(`The ${provider} provider could not be reached`, 'provider_error', false, { cause: err });
}

/** The SDK's `host`, `port` and `protocol` for STRIPE_API_URL (a local Stripe-compatible API), else nothing. */
export function stripeApiOf(url: string | undefined): {
  api?: { host: string; port: number; protocol: 'http' | 'https' };
} {
  if (!url) return {};
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { api: { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol } };
}
