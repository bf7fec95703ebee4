import type { Db } from '#server/db/client';
import type { Env } from '#server/env';
import type { Clock } from '../clock/clock';
import type { PaymentProvider } from './payment-provider';
import { sandboxPayments } from './sandbox-payments';
import { stripePayments } from './stripe-payments';
import { stripeApiOf } from '../stripe-errors';

/**
 * Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, else the sandbox (the provider's test mode, run locally).
 * In production the sandbox (test cards confirm bookings) is used only with ALLOW_SANDBOX_PAYMENTS=true (env.ts checks it too).
 */
export function paymentsFromEnv(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'> &
    Partial<Pick<Env, 'NODE_ENV' | 'ALLOW_SANDBOX_PAYMENTS' | 'STRIPE_API_URL'>>,
  deps: { db: Db; clock: Clock },
): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    return stripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      ...stripeApiOf(env.STRIPE_API_URL),
    });
  }
  if (env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX_PAYMENTS) {
    throw new Error(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are required in production (or ALLOW_SANDBOX_PAYMENTS=true for a demo site)',
    );
  }
  return sandboxPayments(deps);
}
