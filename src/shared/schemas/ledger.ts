/**
 * The money ledger (issue 28, ADR 0053): double-entry, signed integer cents (debits positive,
 * credits negative; every transaction sums to 0). The accounts and kinds are the shared contract
 * between the ledger and payouts (docs/notes: ledger contract); the database checks hold them too.
 */
import { z } from 'zod';
import { isoDate } from './common';

export const LEDGER_ACCOUNTS = [
  /** Money in the platform's provider balance (asset: debit = in). */
  'platform_cash',
  /** A host's share of a paid stay, not payable yet (before check-in + PAYOUT_DELAY_HOURS). Per host. */
  'host_pending',
  /** A host's share that is payable now (credit = owed to the host; a debit balance = the host owes). Per host. */
  'host_payable',
  /** The service fee earned (credit). */
  'platform_fees',
  /** Tax owed to the authorities (credit). */
  'taxes_collected',
  /** Memo pair for authorised, uncaptured deposits: Dr deposit_holds, Cr deposits_held. */
  'deposit_holds',
  'deposits_held',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** The accounts kept per host (their entries name the host). */
export const HOST_ACCOUNTS: readonly LedgerAccount[] = ['host_pending', 'host_payable'];

export const LEDGER_KINDS = [
  'charge',
  'refund',
  'host_share_available',
  'deposit_hold',
  'deposit_release',
  'deposit_capture',
  'transfer',
  'transfer_reversal',
  'transfer_failed',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The instant an ISO date or date-time names (a bare date: its start, UTC). */
const instant = z.union([isoDate, z.iso.datetime({ offset: true })]);

/** GET /api/admin/ledger and /api/admin/ledger.csv */
export const ledgerQuerySchema = z
  .object({
    from: instant.optional().describe('Entries at or after this instant (a date: its start, UTC)'),
    to: instant.optional().describe('Entries before this instant (a date: its start, UTC)'),
    bookingId: z.uuid().optional().describe("Only this booking's entries"),
  })
  .strict();
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

const ledgerEntrySchema = z
  .object({
    transactionId: z.string(),
    account: z.enum(LEDGER_ACCOUNTS),
    hostId: z.string().nullable().describe('The host of a host_pending or host_payable entry'),
    amountCents: z.number().int().describe('Signed: debits positive, credits negative'),
    currency: z.string(),
    bookingId: z.string().nullable(),
    payoutId: z.string().nullable(),
    kind: z.enum(LEDGER_KINDS),
    at: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerResponseSchema = z
  .object({
    entries: z.array(ledgerEntrySchema),
    truncated: z.boolean().describe('More entries matched than were returned; narrow the period'),
  })
  .meta({ id: 'Ledger' });

/** GET /api/admin/finance */
export const financeQuerySchema = z
  .object({
    from: instant.optional().describe('Start of the period (default: the first of this month, UTC)'),
    to: instant.optional().describe('End of the period, exclusive (default: the first of next month, UTC)'),
  })
  .strict();

const cents = (what: string) => z.number().int().describe(what);

export const financeResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    currency: z.string(),
    grossBookingsCents: cents('Charged for stays in the period'),
    platformFeesCents: cents('Service fees earned, less the part refunded'),
    taxesCollectedCents: cents('Tax collected, less the part refunded'),
    refundsCents: cents('Refunded to guests'),
    depositsCapturedCents: cents('Deposits captured for damage'),
    payoutsMadeCents: cents('Transferred to hosts'),
    payoutsFailedCents: cents(
      'Payouts that failed after their transfer went out (reversed whole, or the bank refused them): what came back',
    ),
    transferReversalsCents: cents("Hosts' shares of refunds after payout, taken back from their transfers"),
    heldForHostsCents: cents("Owed to hosts at the period's end (pending and payable)"),
    depositsHeldCents: cents("Deposits authorised and not captured or released at the period's end"),
  })
  .meta({ id: 'Finance' });
export type FinanceResponse = z.infer<typeof financeResponseSchema>;
