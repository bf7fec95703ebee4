import type { PayoutDeps } from '#server/features/payouts/payouts-model';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { sandboxPayouts } from '#server/providers/payouts/sandbox-payouts';
import { TEST_ORIGIN, type TestApp } from './test-app';

/**
 * The payout job's dependencies for a test app: the sandbox's payments and payouts (what `npm start`
 * runs without Stripe keys), its clock and database, and the app's own mail queue.
 */
export function sandboxPayoutDeps(t: Pick<TestApp, 'app' | 'db' | 'clock'>): PayoutDeps {
  return {
    db: t.db,
    clock: t.clock,
    payments: sandboxPayments({ db: t.db, clock: t.clock }),
    payouts: sandboxPayouts({ db: t.db, clock: t.clock, publicUrl: TEST_ORIGIN }),
    publicUrl: TEST_ORIGIN,
    mail: t.app.mailQueue,
  };
}
