/**
 * What each booking event writes to the ledger (issue 28, ADR 0053). Every function here takes the
 * transaction of the state change it records: the booking's or deposit's row and its entries
 * commit together. Keys follow the ledger contract (`charge:<bookingId>`, `refund:<bookingId>:<refundId>`,
 * `deposit-hold:<bookingId>` ...), so posting an event twice writes it once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LedgerSettings, ServiceLog } from '#server/app-context';
import type { Db } from '#server/db/client';
import {
  bookings,
  homes,
  ledgerEntries,
  ledgerTransactions,
  users,
  type BookingRow,
  type SecurityDepositRow,
} from '#server/db/schema';
import { postLedgerTransaction, type LedgerLine } from './ledger-post';

type Tx = Pick<Db, 'execute' | 'select'>;

export interface LedgerDeps {
  ledger?: LedgerSettings;
  log?: ServiceLog;
}

const DEFAULTS: LedgerSettings = { currency: 'usd', payoutDelayHours: 24 };
export const ledgerSettingsOf = (deps: LedgerDeps): LedgerSettings => deps.ledger ?? DEFAULTS;

type ChargedBooking = Pick<
  BookingRow,
  'id' | 'homeId' | 'hostEmail' | 'amountCents' | 'serviceFeeCents' | 'taxCents' | 'title'
>;

/**
 * The home's host (by the home's account), else the account with the email the booking names: the
 * host's share needs an account to be owed to.
 */
async function hostIdOf(tx: Tx, booking: Pick<BookingRow, 'homeId' | 'hostEmail'>): Promise<string | null> {
  if (booking.homeId) {
    const [home] = await tx.select({ hostId: homes.hostId }).from(homes).where(eq(homes.id, booking.homeId));
    if (home?.hostId) return home.hostId;
  }
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${booking.hostEmail})`)
    .limit(1);
  return user?.id ?? null;
}

/** The host named on the booking's charge (its host_pending line), if it was posted. */
async function chargedHost(tx: Tx, bookingId: string): Promise<string | null> {
  const [row] = await tx
    .select({ hostId: ledgerEntries.hostId })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerTransactions.idempotencyKey, `charge:${bookingId}`), eq(ledgerEntries.account, 'host_pending')),
    );
  return row?.hostId ?? null;
}

/**
 * The stay's payment is in (an instant booking confirmed, a request's authorisation captured):
 * Dr platform_cash A; Cr host_pending H; Cr platform_fees F; Cr taxes_collected T, with
 * H = A - F - T. Answers the host, or null when no host account can be found (nothing posted).
 */
export async function postCharge(
  tx: Tx,
  deps: LedgerDeps,
  booking: ChargedBooking,
  at: Date,
  memo = '',
): Promise<string | null> {
  const posted = await chargedHost(tx, booking.id);
  if (posted) return posted;
  const hostId = await hostIdOf(tx, booking);
  if (!hostId) {
    deps.log?.error({ bookingId: booking.id }, 'ledger: no host account for this booking; its charge is not posted');
    return null;
  }
  const { amountCents: a, serviceFeeCents: f, taxCents: t } = booking;
  await postLedgerTransaction(tx, {
    kind: 'charge',
    idempotencyKey: `charge:${booking.id}`,
    bookingId: booking.id,
    at,
    memo: memo || booking.title,
    currency: ledgerSettingsOf(deps).currency,
    lines: [
      { account: 'platform_cash', amountCents: a },
      { account: 'host_pending', amountCents: -(a - f - t), hostId },
      { account: 'platform_fees', amountCents: -f },
      { account: 'taxes_collected', amountCents: -t },
    ],
  });
  return hostId;
}

/** What the booking's host share still waiting in host_pending is (positive: owed to the host). */
async function pendingOf(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerEntries.account, 'host_pending')));
  return 0 - Number(row?.sum ?? 0);
}

/**
 * The refund split (ADR 0053): R back to the guest takes the fee and the tax in proportion,
 * f = round(F*R/A), t = round(T*R/A), and the rest, R - f - t, from the host's share. A full
 * refund is then exactly the charge reversed.
 */
function refundSplit(
  booking: Pick<BookingRow, 'amountCents' | 'serviceFeeCents' | 'taxCents'>,
  refundCents: number,
): { feeCents: number; taxCents: number; hostCents: number } {
  const a = booking.amountCents;
  const feeCents = Math.round((booking.serviceFeeCents * refundCents) / a);
  const taxCents = Math.round((booking.taxCents * refundCents) / a);
  return { feeCents, taxCents, hostCents: refundCents - feeCents - taxCents };
}

/**
 * A refund the provider made (or that it says was made already) is recorded: Cr platform_cash R;
 * Dr platform_fees f; Dr taxes_collected t; Dr the host's share h, from host_pending while it is
 * there, from host_payable beyond it (a negative balance carried to the next payout). A payment
 * that never confirmed a booking (a paid hold given up, a capture that lost a race) is charged
 * first, in the same transaction, so the ledger shows the money in and out. Call it after the
 * booking row is locked (its refund id just written).
 */
export async function postRefund(
  tx: Tx,
  deps: LedgerDeps,
  booking: ChargedBooking & Pick<BookingRow, 'refundAmountCents' | 'confirmedAt'>,
  refundId: string,
  at: Date,
  /** The refund's own amount when it is not the booking's (one made in the provider's Dashboard). */
  amountCents?: number,
): Promise<void> {
  const refundCents = amountCents ?? booking.refundAmountCents ?? booking.amountCents;
  if (refundCents <= 0) return;
  const hostId = await postCharge(
    tx,
    deps,
    booking,
    at,
    booking.confirmedAt ? '' : `Paid after the hold ended: ${booking.title}`,
  );
  if (!hostId) return;
  const split = refundSplit(booking, refundCents);
  const fromPending = Math.min(Math.max(await pendingOf(tx, booking.id), 0), split.hostCents);
  const lines: LedgerLine[] = [
    { account: 'platform_cash', amountCents: -refundCents },
    { account: 'platform_fees', amountCents: split.feeCents },
    { account: 'taxes_collected', amountCents: split.taxCents },
    { account: 'host_pending', amountCents: fromPending, hostId },
    { account: 'host_payable', amountCents: split.hostCents - fromPending, hostId },
  ];
  await postLedgerTransaction(tx, {
    kind: 'refund',
    idempotencyKey: `refund:${booking.id}:${refundId}`,
    bookingId: booking.id,
    at,
    memo: booking.title,
    currency: ledgerSettingsOf(deps).currency,
    lines,
  });
}

/**
 * Posts what a deposit's row implies so far, each event once: its hold (a memo pair, not money),
 * its release, or its capture (the memo pair released, the captured money in, owed to the host).
 * Call it in the transaction that changed the row.
 */
export async function postDepositState(
  tx: Tx,
  deps: LedgerDeps,
  deposit: Pick<SecurityDepositRow, 'bookingId' | 'amountCents' | 'status' | 'capturedCents' | 'paymentIntentId'>,
  at: Date,
): Promise<void> {
  // A deposit that waits for its time (pending), could not be placed (failed) or was let go before it
  // was ever placed (released with no intent) held nothing on the card: no memo entries (ADR 0051).
  if (deposit.status === 'pending' || deposit.status === 'failed' || deposit.paymentIntentId === null) return;
  const { currency } = ledgerSettingsOf(deps);
  const d = deposit.amountCents;
  const base = { bookingId: deposit.bookingId, at, currency };
  await postLedgerTransaction(tx, {
    ...base,
    kind: 'deposit_hold',
    idempotencyKey: `deposit-hold:${deposit.bookingId}`,
    lines: [
      { account: 'deposit_holds', amountCents: d },
      { account: 'deposits_held', amountCents: -d },
    ],
  });
  const memoReleased: LedgerLine[] = [
    { account: 'deposits_held', amountCents: d },
    { account: 'deposit_holds', amountCents: -d },
  ];
  if (deposit.status === 'released') {
    await postLedgerTransaction(tx, {
      ...base,
      kind: 'deposit_release',
      idempotencyKey: `deposit-release:${deposit.bookingId}`,
      lines: memoReleased,
    });
  } else if (deposit.status === 'captured' && deposit.capturedCents) {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, deposit.bookingId));
    const hostId = booking ? await hostIdOf(tx, booking) : null;
    if (!hostId) {
      deps.log?.error({ bookingId: deposit.bookingId }, 'ledger: no host account; the deposit capture is not posted');
      return;
    }
    await postLedgerTransaction(tx, {
      ...base,
      kind: 'deposit_capture',
      idempotencyKey: `deposit-capture:${deposit.bookingId}`,
      lines: [
        ...memoReleased,
        { account: 'platform_cash', amountCents: deposit.capturedCents },
        { account: 'host_payable', amountCents: -deposit.capturedCents, hostId },
      ],
    });
  }
}
