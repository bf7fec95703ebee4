import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { sandboxPayoutAccounts, sandboxTransfers } from '#server/db/schema';
import type { Clock } from '../clock/clock';
import { PayoutProviderError, type ConnectedAccount, type PayoutProvider, type ReversalInput } from './payout-provider';

/**
 * Test data of the sandbox's onboarding page (docs/operations.md): an account number of
 * 000111111116 or a holder name containing "fail" makes every transfer to the account fail
 * (`account_closed`), a name containing "restrict" leaves the account `restricted`. Any other
 * 4-17 digit number, e.g. Stripe's test 000123456789, gives an `enabled` account.
 */
export const SANDBOX_FAILING_ACCOUNT_NUMBER = '000111111116';
const ONBOARDING_LINK_MS = 30 * 60_000;

export interface SandboxOnboarding {
  holderName: string;
  accountNumber: string;
}

export interface SandboxPayouts extends PayoutProvider {
  readonly name: 'sandbox';
  /** The account an unexpired onboarding link belongs to, or null. */
  findOnboarding(token: string): Promise<{ accountId: string; hostId: string; holderName: string | null } | null>;
  /** The onboarding page's answer: the account's details (test data, see above); ends the link. */
  completeOnboarding(token: string, details: SandboxOnboarding): Promise<ConnectedAccount | null>;
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');

function statusFrom(details: SandboxOnboarding): ConnectedAccount['status'] {
  if (/restrict/i.test(details.holderName)) return 'restricted';
  return 'enabled';
}

async function findOnboarding(deps: { db: Db; clock: Clock }, secret: string) {
  const [row] = await deps.db
    .select()
    .from(sandboxPayoutAccounts)
    .where(
      and(
        eq(sandboxPayoutAccounts.onboardingToken, secret),
        gt(sandboxPayoutAccounts.onboardingExpiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return row ? { accountId: row.id, hostId: row.hostId, holderName: row.holderName } : null;
}

async function completeOnboarding(
  deps: { db: Db; clock: Clock },
  secret: string,
  details: SandboxOnboarding,
): Promise<ConnectedAccount | null> {
  const fails = details.accountNumber === SANDBOX_FAILING_ACCOUNT_NUMBER || /fail/i.test(details.holderName);
  const [row] = await deps.db
    .update(sandboxPayoutAccounts)
    .set({
      holderName: details.holderName,
      accountLast4: details.accountNumber.slice(-4),
      failTransfers: fails ? 1 : 0,
      status: statusFrom(details),
      onboardingToken: null,
      onboardingExpiresAt: null,
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(sandboxPayoutAccounts.onboardingToken, secret),
        gt(sandboxPayoutAccounts.onboardingExpiresAt, deps.clock.now()),
      ),
    )
    .returning();
  return row ? { id: row.id, status: row.status } : null;
}

/**
 * A reversal is a row of sandbox_transfers too (negative amount, its transfer's id as the group),
 * under its own idempotency key: the same key answers the same reversal and takes nothing more, as
 * Stripe's do (and a key used for another transfer or amount is refused). Reversals add up to at
 * most the transfer. One transaction: the reversal's row and the transfer's reversed total together.
 */
async function reverseTransfer(db: Db, clock: Clock, input: ReversalInput): Promise<{ id: string }> {
  return inTransaction(db, async (tx) => {
    const [transfer] = await tx
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.id, input.transferId))
      .for('update');
    if (!transfer || transfer.amountCents < 0) {
      throw new PayoutProviderError(`No such transfer: '${input.transferId}'`, 'resource_missing', true);
    }
    const [made] = await tx
      .insert(sandboxTransfers)
      .values({
        id: `trr_sbx_${token(14)}`,
        accountId: transfer.accountId,
        idempotencyKey: input.idempotencyKey,
        amountCents: -input.amountCents,
        currency: transfer.currency,
        transferGroup: transfer.id,
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: sandboxTransfers.id });
    if (!made) {
      const [done] = await tx
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
      if (done?.transferGroup !== transfer.id || done.amountCents !== -input.amountCents) {
        throw new PayoutProviderError('The idempotency key was used for another request', 'idempotency_error', true);
      }
      return { id: done.id };
    }
    const [row] = await tx
      .update(sandboxTransfers)
      .set({ reversedCents: sql`${sandboxTransfers.reversedCents} + ${input.amountCents}` })
      .where(
        and(
          eq(sandboxTransfers.id, transfer.id),
          sql`${sandboxTransfers.reversedCents} + ${input.amountCents} <= ${sandboxTransfers.amountCents}`,
        ),
      )
      .returning({ id: sandboxTransfers.id });
    // Thrown inside the transaction: the reversal's row goes too.
    if (!row || !(input.amountCents > 0)) {
      throw new PayoutProviderError(`Less is left of the transfer: '${transfer.id}'`, 'amount_too_large', true);
    }
    return { id: made.id };
  });
}

/** The default payout provider: Stripe Connect's test mode, played by StayHub with its state in the database. */
export function sandboxPayouts(deps: { db: Db; clock: Clock; publicUrl: string }): SandboxPayouts {
  const { db, clock } = deps;

  async function account(id: string) {
    const [row] = await db.select().from(sandboxPayoutAccounts).where(eq(sandboxPayoutAccounts.id, id)).limit(1);
    if (!row) throw new PayoutProviderError(`No such account: '${id}'`, 'resource_missing', true);
    return row;
  }

  async function onboardingLink(accountId: string) {
    await account(accountId);
    const secret = token(24);
    await db
      .update(sandboxPayoutAccounts)
      .set({
        onboardingToken: secret,
        onboardingExpiresAt: new Date(clock.now().getTime() + ONBOARDING_LINK_MS),
        updatedAt: clock.now(),
      })
      .where(eq(sandboxPayoutAccounts.id, accountId));
    return { url: `${deps.publicUrl}/api/payouts/sandbox/onboarding/${secret}` };
  }

  return {
    name: 'sandbox',

    async createAccount(input) {
      const id = `acct_sbx_${token(12)}`;
      await db
        .insert(sandboxPayoutAccounts)
        .values({ id, hostId: input.hostId, idempotencyKey: input.idempotencyKey, createdAt: clock.now() })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(sandboxPayoutAccounts)
        .where(eq(sandboxPayoutAccounts.idempotencyKey, input.idempotencyKey));
      return { id: row!.id, status: row!.status };
    },

    async retrieveAccount(id) {
      const row = await account(id);
      return { id: row.id, status: row.status };
    },

    onboardingLink: (accountId) => onboardingLink(accountId),

    // The sandbox's "dashboard" is its onboarding page again: there the host changes the test account
    // (as they would change their bank account in Stripe's Express dashboard).
    dashboardLink(accountId) {
      return onboardingLink(accountId);
    },

    findOnboarding: (secret) => findOnboarding(deps, secret),
    completeOnboarding: (secret, details) => completeOnboarding(deps, secret, details),

    async transfer(input) {
      const [done] = await db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey))
        .limit(1);
      if (done) return { id: done.id };
      const row = await account(input.accountId);
      if (row.status !== 'enabled') {
        throw new PayoutProviderError('The destination account cannot receive transfers yet', 'account_invalid', true);
      }
      if (row.failTransfers) {
        throw new PayoutProviderError('The destination account is closed (sandbox test data)', 'account_closed', true);
      }
      const id = `tr_sbx_${token(14)}`;
      await db
        .insert(sandboxTransfers)
        .values({
          id,
          accountId: row.id,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency,
          transferGroup: input.transferGroup,
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
      const [sent] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, input.idempotencyKey));
      return { id: sent!.id };
    },

    reverseTransfer: (input) => reverseTransfer(db, clock, input),
  };
}
