/**
 * A host's payout account: onboarding (start or continue, at the provider or the sandbox's local
 * page), its status, the link into the provider's dashboard once enabled.
 */
import { and, eq } from 'drizzle-orm';
import type { PayoutAccount, PayoutAccountStatus } from '#shared/schemas/payouts';
import { payoutAccounts } from '#server/db/schema';
import { providerUnavailable } from '#server/domain-errors';
import { PayoutProviderError } from '#server/providers/payouts/payout-provider';
import type { SandboxOnboarding, SandboxPayouts } from '#server/providers/payouts/sandbox-payouts';
import type { PayoutDeps } from './payouts-model';

interface Host {
  id: string;
  email: string;
}

function unavailable(err: unknown): never {
  if (err instanceof PayoutProviderError) {
    throw providerUnavailable(
      'The payout provider could not be reached; try again',
      'payout_provider_unavailable',
      err,
    );
  }
  throw err;
}

async function storedAccount(deps: PayoutDeps, hostId: string) {
  const [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.hostId, hostId)).limit(1);
  return row ?? null;
}

async function saveStatus(deps: PayoutDeps, hostId: string, status: PayoutAccountStatus) {
  await deps.db
    .update(payoutAccounts)
    .set({ status, updatedAt: deps.clock.now() })
    .where(eq(payoutAccounts.hostId, hostId));
}

/**
 * The host's account status. One not enabled yet is asked of the provider (the host may just have
 * come back from onboarding before its webhook arrived); an unreachable provider answers the stored one.
 */
export async function payoutAccountOf(deps: PayoutDeps, hostId: string): Promise<PayoutAccount> {
  const row = await storedAccount(deps, hostId);
  const provider = deps.payouts.name;
  if (!row) return { status: 'none', provider };
  if (row.status === 'enabled') return { status: row.status, provider };
  try {
    const fresh = await deps.payouts.retrieveAccount(row.externalAccountId);
    if (fresh.status !== row.status) await saveStatus(deps, hostId, fresh.status);
    return { status: fresh.status, provider };
  } catch (err) {
    if (!(err instanceof PayoutProviderError)) throw err;
    return { status: row.status, provider };
  }
}

/**
 * Where to send the host: the provider's onboarding (the account is created on the first call, with a
 * key so a retried call creates one), or once the account is enabled its dashboard.
 */
export async function payoutAccountLink(deps: PayoutDeps, host: Host): Promise<{ url: string }> {
  const publicUrl = deps.publicUrl ?? '';
  try {
    let row = await storedAccount(deps, host.id);
    if (!row) {
      const created = await deps.payouts.createAccount({
        hostId: host.id,
        email: host.email,
        idempotencyKey: `payout-account:${host.id}`,
      });
      await deps.db
        .insert(payoutAccounts)
        .values({
          hostId: host.id,
          provider: deps.payouts.name,
          externalAccountId: created.id,
          status: created.status,
          createdAt: deps.clock.now(),
          updatedAt: deps.clock.now(),
        })
        .onConflictDoNothing();
      row = (await storedAccount(deps, host.id))!;
    }
    const status = (await payoutAccountOf(deps, host.id)).status;
    if (status === 'enabled') return await deps.payouts.dashboardLink(row.externalAccountId);
    return await deps.payouts.onboardingLink(row.externalAccountId, {
      returnUrl: `${publicUrl}/dashboard/payouts?onboarding=done`,
      refreshUrl: `${publicUrl}/dashboard/payouts?onboarding=again`,
    });
  } catch (err) {
    return unavailable(err);
  }
}

/** The sandbox's onboarding page was filled in: the sandbox account and StayHub's copy of its status. */
export async function completeSandboxOnboarding(
  deps: PayoutDeps,
  sandbox: SandboxPayouts,
  token: string,
  details: SandboxOnboarding,
): Promise<boolean> {
  const account = await sandbox.completeOnboarding(token, details);
  if (!account) return false;
  await deps.db
    .update(payoutAccounts)
    .set({ status: account.status, updatedAt: deps.clock.now() })
    .where(and(eq(payoutAccounts.provider, 'sandbox'), eq(payoutAccounts.externalAccountId, account.id)));
  return true;
}

/** account.updated from the provider: StayHub's copy of the status follows. */
export async function accountUpdated(deps: PayoutDeps, externalAccountId: string, status: PayoutAccountStatus) {
  await deps.db
    .update(payoutAccounts)
    .set({ status, updatedAt: deps.clock.now() })
    .where(
      and(eq(payoutAccounts.provider, deps.payouts.name), eq(payoutAccounts.externalAccountId, externalAccountId)),
    );
}
