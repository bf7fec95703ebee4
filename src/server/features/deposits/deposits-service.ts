/**
 * A booking's security deposit (issue 27, ADR 0051): authorised with the stay's card, a host's
 * damage claim, an admin's decision. The provider call comes first and the row changes after it
 * in a guarded UPDATE, so a failed call leaves the deposit as it was for a retry, and two racing
 * calls change it once (the provider's idempotency keys make a repeated capture one capture).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { amountToCents, formatCents } from '#shared/money';
import type { DamageClaim, DamageClaimRequest, DamageDecision, Deposit } from '#shared/schemas/deposits';
import { homeToday } from '#shared/time-zones';
import { bookings, homes, securityDeposits, type BookingRow, type SecurityDepositRow } from '#server/db/schema';
import { conflict, invalid, notFound, paymentDeclined } from '#server/domain-errors';
import { PaymentProviderError } from '#server/providers/payments/payment-provider';
import type { SandboxPayments } from '#server/providers/payments/sandbox-payments';
import type { CardInput } from '#server/providers/payments/sandbox-cards';
import { findBooking, logOf, paymentUnavailable, sameEmail, type Caller } from '../bookings/bookings-model';
import { claimFiledMail, decisionMails } from './deposits-mail';
import { releaseAtOf, toDeposit, type DepositDeps } from './deposits-model';
import { postDepositState } from '../ledger/ledger-bookings';

/**
 * The sandbox's card form pays the stay and authorises the deposit in one submission (the server
 * sees the test card there, and nowhere else): called before the stay's card is charged, so a
 * card that cannot hold the deposit charges nothing. Nothing to do when the home asks for no
 * deposit or the booking's deposit is held already (a second try after the stay's charge failed).
 */
export async function authorizeDepositInSandbox(
  deps: DepositDeps,
  payments: SandboxPayments,
  bookingId: string,
  card: CardInput & { name?: string },
  billing: { name: string; email: string },
): Promise<void> {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking?.homeId || booking.status !== 'held') return;
  const [held] = await deps.db
    .select({ id: securityDeposits.bookingId })
    .from(securityDeposits)
    .where(eq(securityDeposits.bookingId, booking.id));
  if (held) return;
  // The amount the guest agreed to with the hold (its stored breakdown), not the home's of today:
  // a host changing the deposit between the hold and the payment changes nothing for this booking.
  const depositCents = booking.depositCents;
  if (depositCents <= 0) return;
  const [home] = await deps.db
    .select({ checkOutTime: homes.checkOutTime })
    .from(homes)
    .where(eq(homes.id, booking.homeId));

  let intentId: string;
  try {
    // A fresh key per try: a declined try's intent is left open and the sweeper cancels it.
    const intent = await deps.payments.createIntent({
      amountCents: depositCents,
      currency: 'usd',
      bookingId: booking.id,
      idempotencyKey: `deposit:${booking.id}:${randomUUID()}`,
      description: `Security deposit: ${booking.title}`,
      receiptEmail: booking.guestEmail,
      captureMethod: 'manual',
    });
    intentId = intent.id;
    const result = await payments.confirmCard(intent.clientSecret, card, billing);
    if (!result.ok) throw paymentDeclined(result.message, result.code);
    if (result.intent.status !== 'requires_capture') {
      throw paymentDeclined('The security deposit could not be held on this card.', 'deposit_not_held');
    }
  } catch (err) {
    if (err instanceof Error && err.name === 'DomainError') throw err;
    throw paymentUnavailable(err);
  }

  const inserted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(securityDeposits)
      .values({
        bookingId: booking.id,
        amountCents: depositCents,
        paymentIntentId: intentId,
        releaseAt: releaseAtOf(deps, booking, home?.checkOutTime ?? null),
        createdAt: deps.clock.now(),
        updatedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    // The hold's memo entries commit with the row (ADR 0053).
    if (row) await postDepositState(tx, deps, row, deps.clock.now());
    return row;
  });
  if (!inserted) {
    // A racing submission held it first: this second authorisation is let go.
    await deps.payments.cancelIntent(intentId).catch((err: unknown) => {
      logOf(deps).warn({ err, paymentIntentId: intentId }, 'could not release a duplicate deposit authorisation');
    });
  }
}

/** The deposits of the caller's bookings (as=guest) or of the bookings at their homes (as=host), newest stay first. */
export async function listDeposits(deps: DepositDeps, caller: Caller, as: 'guest' | 'host'): Promise<Deposit[]> {
  const rows = await deps.db
    .select({ deposit: securityDeposits })
    .from(securityDeposits)
    .innerJoin(bookings, eq(bookings.id, securityDeposits.bookingId))
    .where(
      as === 'guest' ? eq(bookings.guestId, caller.id) : sql`lower(${bookings.hostEmail}) = lower(${caller.email})`,
    )
    .orderBy(desc(bookings.checkIn))
    .limit(500);
  return rows.map((r) => toDeposit(r.deposit));
}

async function depositOf(deps: DepositDeps, bookingId: string): Promise<SecurityDepositRow | null> {
  const [row] = await deps.db.select().from(securityDeposits).where(eq(securityDeposits.bookingId, bookingId));
  return row ?? null;
}

/** The home's host, by account or by the email the booking names. */
async function isHostOf(deps: DepositDeps, caller: Caller, booking: BookingRow): Promise<boolean> {
  if (booking.homeId) {
    const [home] = await deps.db.select({ hostId: homes.hostId }).from(homes).where(eq(homes.id, booking.homeId));
    if (home?.hostId === caller.id) return true;
  }
  return sameEmail(booking.hostEmail, caller.email);
}

/**
 * POST /api/host/reservations/:id/damage-claim: the home's host claims up to the deposit, once,
 * from the check-in day (the home's) until the deposit's release time. The guest is mailed in the
 * same transaction.
 */
export async function fileDamageClaim(
  deps: DepositDeps,
  caller: Caller,
  bookingId: string,
  input: DamageClaimRequest,
): Promise<Deposit> {
  const booking = await findBooking(deps.db, bookingId);
  // Someone else's booking answers as an unknown one: its existence is not the caller's to learn.
  if (!booking || !(await isHostOf(deps, caller, booking))) throw notFound('No reservation with this id');
  const deposit = await depositOf(deps, booking.id);
  if (!deposit) throw conflict('This booking has no security deposit', 'no_deposit');
  if (deposit.claimAmountCents !== null)
    throw conflict('A damage claim was filed for this stay already', 'already_claimed');
  const now = deps.clock.now();
  if (booking.status !== 'confirmed') throw conflict('Only a confirmed stay can have a damage claim', 'not_confirmed');
  if (homeToday(now, booking.timeZone) < booking.checkIn) {
    throw conflict('A damage claim can be filed once the stay has begun', 'stay_not_started');
  }
  if (deposit.status === 'pending') {
    throw conflict(
      'The deposit is not held yet: it is authorised on the card six days before its release',
      'deposit_not_held_yet',
    );
  }
  if (deposit.status === 'failed') {
    throw conflict('No deposit is held for this stay: the card could not hold it', 'deposit_not_held');
  }
  if (deposit.status !== 'held' || deposit.releaseAt <= now) {
    throw conflict('The deposit has been released: the time for a damage claim is over', 'claim_window_closed');
  }
  const cents = amountToCents(input.amount);
  if (cents > deposit.amountCents) {
    throw invalid(`The claim can be at most the deposit, ${formatCents(deposit.amountCents)}`, 'claim_exceeds_deposit');
  }
  const row = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(securityDeposits)
      .set({ status: 'claimed', claimAmountCents: cents, claimReason: input.reason, claimedAt: now, updatedAt: now })
      .where(
        and(
          eq(securityDeposits.bookingId, booking.id),
          eq(securityDeposits.status, 'held'),
          gt(securityDeposits.releaseAt, now),
        ),
      )
      .returning();
    if (claimed) await deps.mail?.send(claimFiledMail(booking, claimed, deps.publicUrl), tx);
    return claimed;
  });
  if (!row) {
    // Lost a race: another claim, or the release job, came first.
    const after = await depositOf(deps, booking.id);
    throw after?.claimAmountCents != null
      ? conflict('A damage claim was filed for this stay already', 'already_claimed')
      : conflict('The deposit has been released: the time for a damage claim is over', 'claim_window_closed');
  }
  logOf(deps).info({ bookingId: booking.id, claimCents: cents }, 'damage claim filed');
  return toDeposit(row);
}

/** GET /api/admin/damage-claims: undecided claims first (oldest first), then decided ones, newest first. */
export async function listDamageClaims(deps: DepositDeps): Promise<DamageClaim[]> {
  const rows = await deps.db
    .select({ deposit: securityDeposits, booking: bookings })
    .from(securityDeposits)
    .innerJoin(bookings, eq(bookings.id, securityDeposits.bookingId))
    .where(isNotNull(securityDeposits.claimedAt))
    .orderBy(
      sql`(${securityDeposits.status} = 'claimed') desc`,
      sql`case when ${securityDeposits.status} = 'claimed' then ${securityDeposits.claimedAt} end asc`,
      desc(securityDeposits.claimedAt),
    )
    .limit(500);
  return rows.map(({ deposit, booking }) => ({
    ...toDeposit(deposit),
    homeTitle: booking.title,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    guestEmail: booking.guestEmail,
    hostEmail: booking.hostEmail,
  }));
}

/** Provider answers that mean another decision reached the intent first. */
const PROVIDER_STATE_CODES = new Set(['payment_intent_unexpected_state', 'idempotency_error']);

/**
 * POST /api/admin/damage-claims/:bookingId/decide: capture up to the claimed amount, or release
 * the authorisation. The provider first (a failure changes nothing here), then the row and both
 * mails in one transaction.
 */
export async function decideDamageClaim(
  deps: DepositDeps,
  admin: Caller,
  bookingId: string,
  decision: DamageDecision,
): Promise<Deposit> {
  const booking = await findBooking(deps.db, bookingId);
  const deposit = booking ? await depositOf(deps, booking.id) : null;
  if (!booking || !deposit) throw notFound('No damage claim for this booking');
  if (deposit.claimAmountCents === null) throw conflict('The host filed no damage claim for this stay', 'no_claim');
  if (deposit.status !== 'claimed') throw conflict('This damage claim was decided already', 'already_decided');
  const capture = 'capture' in decision ? amountToCents(decision.capture) : null;
  if (capture !== null && capture > deposit.claimAmountCents) {
    throw invalid(
      `At most the claimed amount, ${formatCents(deposit.claimAmountCents)}, can be captured`,
      'capture_exceeds_claim',
    );
  }
  let settled: boolean;
  try {
    if (capture !== null) {
      // A claimed deposit was held: it has its authorisation (a check in the table says so).
      const captured = await deps.payments.captureIntent(
        deposit.paymentIntentId!,
        `deposit-capture:${booking.id}`,
        capture,
      );
      settled = captured.status === 'succeeded';
    } else {
      // A release that finds the money captured (a racing decision won at the provider) changes nothing here.
      settled = (await deps.payments.cancelIntent(deposit.paymentIntentId!)).status === 'canceled';
    }
  } catch (err) {
    if (err instanceof PaymentProviderError && PROVIDER_STATE_CODES.has(err.code)) {
      throw conflict('This damage claim was decided already', 'already_decided');
    }
    logOf(deps).warn({ err, bookingId: booking.id }, 'damage claim decision: provider call failed');
    throw paymentUnavailable(err);
  }
  if (!settled) throw conflict('This damage claim was decided already', 'already_decided');
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [decided] = await tx
      .update(securityDeposits)
      .set({
        status: capture !== null ? 'captured' : 'released',
        capturedCents: capture,
        decidedBy: admin.id,
        decidedAt: now,
        ...(capture === null ? { releasedAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(securityDeposits.bookingId, booking.id), eq(securityDeposits.status, 'claimed')))
      .returning();
    if (!decided) return decided;
    // The release, or the capture owed to the host, commits with the decision (ADR 0053).
    await postDepositState(tx, deps, decided, now);
    for (const mail of decisionMails(booking, decided, deps.publicUrl)) await deps.mail?.send(mail, tx);
    return decided;
  });
  if (!row) throw conflict('This damage claim was decided already', 'already_decided');
  logOf(deps).info({ bookingId: booking.id, capturedCents: capture }, 'damage claim decided');
  return toDeposit(row);
}
