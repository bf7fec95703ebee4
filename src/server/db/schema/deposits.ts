import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEPOSIT_STATUSES } from '#shared/schemas/deposits';
import { users } from './accounts';
import { bookings } from './bookings';

/**
 * A booking's security deposit (issue 27, ADR 0051): authorised on the guest's card, not captured.
 * One row per booking, apart from the bookings table so that a booking stays what it was
 * (its breakdown and the sum check) and the deposit's own life (release, claim, decision) is one
 * guarded row. Status: pending (Stripe: waits until the hold can last to the claim window's end,
 * ADR 0051) -> held | failed (the saved card could not hold it: no deposit); held (authorised) ->
 * released | claimed (a host's damage claim) -> captured (up to the claim) | released.
 */
export const securityDeposits = pgTable(
  'security_deposits',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's manual-capture intent holding the amount on the guest's card (none while pending). */
    paymentIntentId: text('payment_intent_id'),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('held'),
    /** Released by the job at this instant unless a claim was filed before it (check-out + DEPOSIT_RELEASE_DAYS). */
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    /** A pending deposit is authorised off-session from this instant: max(confirmation, release_at - 6 days). */
    authorizeAt: timestamp('authorize_at', { withTimezone: true }),
    /** Why the off-session authorisation failed (status failed): the provider's code and message. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /**
     * Off-session tries made so far (ADR 0051): a declined try leaves the deposit pending, due again
     * a day later, until DEPOSIT_AUTHORIZE_TRIES or the stay's check-out; then it is failed.
     */
    authorizeTries: integer('authorize_tries').notNull().default(0),
    claimAmountCents: integer('claim_amount_cents'),
    claimReason: text('claim_reason'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    capturedCents: integer('captured_cents'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The release job's walk: held deposits by release time.
    index('security_deposits_release_idx')
      .on(t.releaseAt)
      .where(sql`${t.status} = 'held'`),
    // The job's walk: pending deposits by the instant they come due.
    index('security_deposits_authorize_idx')
      .on(t.authorizeAt)
      .where(sql`${t.status} = 'pending'`),
    // The admin's list: claims, newest first.
    index('security_deposits_claims_idx')
      .on(t.claimedAt.desc())
      .where(sql`${t.claimedAt} is not null`),
    check(
      'security_deposits_status_valid',
      sql`${t.status} in ('pending', 'held', 'claimed', 'released', 'captured', 'failed')`,
    ),
    // An authorisation exists from held on; a pending one waits for its instant.
    check(
      'security_deposits_intent_when_held',
      sql`${t.status} not in ('held', 'claimed', 'captured') or ${t.paymentIntentId} is not null`,
    ),
    check('security_deposits_pending_due', sql`${t.status} <> 'pending' or ${t.authorizeAt} is not null`),
    check('security_deposits_tries_range', sql`${t.authorizeTries} >= 0`),
    check('security_deposits_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'security_deposits_claim_range',
      sql`${t.claimAmountCents} is null or ${t.claimAmountCents} between 1 and ${t.amountCents}`,
    ),
    check(
      'security_deposits_capture_range',
      sql`${t.capturedCents} is null or ${t.capturedCents} between 1 and ${t.claimAmountCents}`,
    ),
    check(
      'security_deposits_claim_complete',
      sql`(${t.claimAmountCents} is null) = (${t.claimReason} is null) and (${t.claimAmountCents} is null) = (${t.claimedAt} is null)`,
    ),
    check('security_deposits_claimed_has_claim', sql`${t.status} <> 'claimed' or ${t.claimAmountCents} is not null`),
    check('security_deposits_captured_amount', sql`(${t.status} = 'captured') = (${t.capturedCents} is not null)`),
  ],
);

export type SecurityDepositRow = typeof securityDeposits.$inferSelect;
