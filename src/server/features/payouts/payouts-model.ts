import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ServiceLog } from '#server/app-context';
import type { Db } from '#server/db/client';
import { ledgerEntries, ledgerTransactions, payoutItems, payouts } from '#server/db/schema';
import type { Clock } from '#server/providers/clock/clock';
import type { PendingMailSender } from '#server/providers/mail/mail-queue';
import type { PaymentProvider } from '#server/providers/payments/payment-provider';
import type { PayoutProvider } from '#server/providers/payouts/payout-provider';

/** What the payout services need; the app context is one. */
export interface PayoutDeps {
  db: Db;
  clock: Clock;
  payouts: PayoutProvider;
  payments: PaymentProvider;
  mail?: PendingMailSender;
  log?: ServiceLog;
  publicUrl?: string;
  /** CURRENCY and PAYOUT_DELAY_HOURS (the ledger's settings); `usd` and 24 when not given. */
  ledger?: { currency: string; payoutDelayHours: number };
}

const silent: ServiceLog = { info() {}, warn() {}, error() {} };
export const payoutLog = (deps: PayoutDeps) => deps.log ?? silent;
export const currencyOf = (deps: PayoutDeps) => deps.ledger?.currency ?? 'usd';

/** The ledger kinds of payouts themselves: their host_payable entries pay items, they are not items. */
const TRANSFER_KINDS = ['transfer', 'transfer_reversal', 'transfer_failed'] as const;

export type Reader = Pick<Db, 'select'>;

/** Ledger entries a live payout (pending or paid) holds as its items: of one host, or of every host. */
export function heldEntryIds(db: Reader, hostId?: string) {
  const live = inArray(payouts.status, ['pending', 'paid']);
  return db
    .select({ id: payoutItems.ledgerEntryId })
    .from(payoutItems)
    .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(hostId ? and(eq(payouts.hostId, hostId), live) : live);
}

/**
 * A host's host_payable entries no live payout (pending or paid) holds yet: the items of their
 * next payout (stays' shares and deposit captures positive, refunds after a payout negative).
 * Their sum is the host's available balance whenever every live payout's transfer is posted.
 */
export function unpaidEntries(db: Reader, hostId: string) {
  return db
    .select({
      entryId: ledgerEntries.id,
      amountCents: sql<number>`(0 - ${ledgerEntries.amountCents})::int`.mapWith(Number),
      bookingId: ledgerTransactions.bookingId,
      kind: ledgerTransactions.kind,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.hostId, hostId),
        eq(ledgerEntries.account, 'host_payable'),
        notInArray(ledgerTransactions.kind, [...TRANSFER_KINDS]),
        notInArray(ledgerEntries.id, heldEntryIds(db, hostId)),
      ),
    )
    .orderBy(ledgerEntries.id);
}
