import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Clock } from '../clock/clock';
import type { PaymentProvider } from './payment-provider';
import { sandboxPayments } from './sandbox-payments';
import { stripePayments } from './stripe-payments';

/** Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set, else the sandbox (the provider's test mode, run locally). */
export function paymentsFromEnv(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>,
  deps: { db: Db; clock: Clock },
): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    return stripePayments({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    });
  }
  return sandboxPayments(deps);
}
