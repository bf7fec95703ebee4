import type { Db } from '#server/db/client';
import type { Env } from '#server/env';
import type { Clock } from '../clock/clock';
import type { PayoutProvider } from './payout-provider';
import { sandboxPayouts } from './sandbox-payouts';
import { stripePayouts } from './stripe-payouts';
import { stripeApiOf } from '../stripe-errors';

/**
 * Stripe Connect when the card provider is Stripe (STRIPE_SECRET_KEY), else the sandbox: payouts
 * move the money the card provider took, so both are the same provider. Connect's webhook endpoint
 * has its own secret (STRIPE_CONNECT_WEBHOOK_SECRET; the card one when not set).
 */
export function payoutsFromEnv(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_CONNECT_WEBHOOK_SECRET'> &
    Partial<Pick<Env, 'STRIPE_API_URL'>>,
  deps: { db: Db; clock: Clock; publicUrl: string },
): PayoutProvider {
  if (env.STRIPE_SECRET_KEY) {
    const webhookSecret = env.STRIPE_CONNECT_WEBHOOK_SECRET ?? env.STRIPE_WEBHOOK_SECRET;
    return stripePayouts({
      secretKey: env.STRIPE_SECRET_KEY,
      ...(webhookSecret ? { webhookSecret } : {}),
      ...stripeApiOf(env.STRIPE_API_URL),
    });
  }
  return sandboxPayouts(deps);
}
