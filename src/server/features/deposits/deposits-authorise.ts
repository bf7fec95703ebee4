/**
 * The deposit authorised off-session on the card saved with the stay's payment (ADR 0051, the
 * Stripe rule; the sandbox follows it too when a confirmed booking has no deposit yet). Confirming
 * a booking whose breakdown carries a deposit writes it `pending`, due at
 * max(confirmation, release_at − 6 days): placed then, the authorisation (about 7 days on Stripe)
 * lasts until the claim window closes. A deposit due at once is authorised right after the
 * confirmation; the deposit job authorises the others as they come due. The provider call comes
 * first (key `deposit:<booking>`, so a retried call is one authorisation); the row changes after it
 * in a guarded UPDATE. A card that cannot hold it leaves the stay as it is. The deposit is tried
 * again a day later, at most AUTHORIZE_TRIES times in all and never after the stay's check-out
 * (the guest is mailed after each declined try that another follows); after the last, the row
 * says `failed` and both sides are mailed in the same transaction that no deposit is held.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { bookings, securityDeposits, type BookingRow, type SecurityDepositRow } from '#server/db/schema';
import type { Tx } from '../calendar/availability';
import { logOf } from '../bookings/bookings-model';
import { homeToday } from '#shared/time-zones';
import { notHeldMails, retryMail } from './deposits-mail';
import { ENDED_WITHOUT_STAY, releaseAtOf, type DepositDeps } from './deposits-model';
import { postDepositState } from '../ledger/ledger-bookings';

/** How long before the release an authorisation is placed: Stripe's 7 days, less a day's margin. */
const HOLD_LEAD_MS = 6 * 86_400_000;

/**
 * Off-session tries of one deposit, a day apart (ADR 0051): a card declined for want of funds or
 * a bank's refusal often goes through a day later, or after the guest called their bank; three
 * tries cover two days without mailing the guest every day of a long wait.
 */
const AUTHORIZE_TRIES = 3;
const RETRY_AFTER_MS = 86_400_000;
const DAY_MS = 86_400_000;

/** Each try its own idempotency key (the provider answers a declined key with the same decline); the first keeps the plain one. */
const tryKey = (bookingId: string, tries: number) =>
  tries === 0 ? `deposit:${bookingId}` : `deposit:${bookingId}:try-${tries + 1}`;

/**
 * When a declined deposit is tried again, or null when it is not: after AUTHORIZE_TRIES, or when
 * the next try would come after the stay's check-out (release_at less the release days): a hold
 * placed after the guest left is one they could not expect.
 */
function nextTryAt(deps: DepositDeps, deposit: SecurityDepositRow, triesMade: number, now: Date): Date | null {
  if (triesMade >= AUTHORIZE_TRIES) return null;
  const checkOut = deposit.releaseAt.getTime() - (deps.deposits?.releaseDays ?? 3) * DAY_MS;
  const next = now.getTime() + RETRY_AFTER_MS;
  return next < checkOut ? new Date(next) : null;
}

/**
 * In the confirming transaction: the deposit the booking's stored breakdown asks for (never the
 * home's amount of today) waits as `pending`. Nothing when there is none; when the card submission
 * held it already (the sandbox), that row. Answers the booking's deposit row, or null.
 */
export async function scheduleDeposit(
  deps: DepositDeps,
  tx: Tx,
  booking: BookingRow,
  checkOutTime: string | null,
): Promise<SecurityDepositRow | null> {
  if (booking.depositCents <= 0) return null;
  const now = deps.clock.now();
  const releaseAt = releaseAtOf(deps, booking, checkOutTime);
  const [inserted] = await tx
    .insert(securityDeposits)
    .values({
      bookingId: booking.id,
      amountCents: booking.depositCents,
      status: 'pending',
      releaseAt,
      authorizeAt: new Date(Math.max(now.getTime(), releaseAt.getTime() - HOLD_LEAD_MS)),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await tx.select().from(securityDeposits).where(eq(securityDeposits.bookingId, booking.id));
  return existing ?? null;
}

/** held; declined (tried again later); not_held (no more tries); retry (the provider could not be reached); gone. */
type Outcome = 'held' | 'declined' | 'not_held' | 'retry' | 'gone';

/** Authorises one due deposit on the card saved with its booking's payment. */
async function authorizeOne(deps: DepositDeps, deposit: SecurityDepositRow, booking: BookingRow): Promise<Outcome> {
  const now = deps.clock.now();
  let result: Awaited<ReturnType<DepositDeps['payments']['authorizeOffSession']>>;
  try {
    result = booking.paymentIntentId
      ? await deps.payments.authorizeOffSession({
          savedWith: booking.paymentIntentId,
          amountCents: deposit.amountCents,
          currency: 'usd',
          bookingId: booking.id,
          idempotencyKey: tryKey(booking.id, deposit.authorizeTries),
          description: `Security deposit: ${booking.title}`,
        })
      : { ok: false, code: 'no_saved_card', message: 'No card was saved with the stay’s payment.' };
  } catch (err) {
    logOf(deps).warn({ err, bookingId: booking.id }, 'could not authorise a security deposit; retrying');
    return 'retry';
  }
  const pending = and(eq(securityDeposits.bookingId, booking.id), eq(securityDeposits.status, 'pending'));
  if (result.ok) {
    const intentId = result.intent.id;
    const held = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(securityDeposits)
        .set({ status: 'held', paymentIntentId: intentId, authorizeTries: deposit.authorizeTries + 1, updatedAt: now })
        .where(pending)
        .returning();
      // The hold's memo entries commit with the row (ADR 0053).
      if (row) await postDepositState(tx, deps, row, now);
      return row;
    });
    if (held) return 'held';
    // Another pass held it first, or it was let go meanwhile: this authorisation is not kept.
    const [row] = await deps.db.select().from(securityDeposits).where(eq(securityDeposits.bookingId, booking.id));
    if (row?.paymentIntentId !== intentId) {
      await deps.payments.cancelIntent(intentId).catch((err: unknown) => {
        logOf(deps).warn({ err, paymentIntentId: intentId }, 'could not release a deposit authorisation not kept');
      });
    }
    return 'gone';
  }
  const failure = result;
  const triesMade = deposit.authorizeTries + 1;
  const retryAt = nextTryAt(deps, deposit, triesMade, now);
  const recorded = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(securityDeposits)
      .set({
        ...(retryAt
          ? { authorizeAt: retryAt }
          : { status: 'failed' as const, paymentIntentId: failure.intentId ?? null }),
        authorizeTries: triesMade,
        failureCode: failure.code,
        failureMessage: failure.message,
        updatedAt: now,
      })
      // Guarded by the tries too: two passes racing on one deposit record one decline.
      .where(and(pending, eq(securityDeposits.authorizeTries, deposit.authorizeTries)))
      .returning();
    if (row && retryAt)
      await deps.mail?.send(retryMail(booking, row, homeToday(retryAt, booking.timeZone), deps.publicUrl), tx);
    else if (row) for (const mail of notHeldMails(booking, row, deps.publicUrl)) await deps.mail?.send(mail, tx);
    return row;
  });
  if (!recorded) return 'gone';
  logOf(deps).info(
    { bookingId: booking.id, code: failure.code, tries: triesMade, retryAt },
    retryAt ? 'security deposit declined; trying again later' : 'security deposit could not be held',
  );
  return retryAt ? 'declined' : 'not_held';
}

export interface DepositAuthoriseResult {
  authorised: number;
  /** Declined, to be tried again. */
  declined: number;
  notHeld: number;
  failed: number;
}

/**
 * One pass: pending deposits whose booking ended without a stay are let go (nothing was held);
 * those of confirmed stays that have come due are authorised, `limit` at a time, or only the one
 * of `bookingId` (right after its confirmation). A provider that cannot be reached leaves the
 * deposit pending for the next pass.
 */
export async function authorizeDueDeposits(
  deps: DepositDeps,
  options: { limit?: number; bookingId?: string } = {},
): Promise<DepositAuthoriseResult> {
  const now = deps.clock.now();
  const result: DepositAuthoriseResult = { authorised: 0, declined: 0, notHeld: 0, failed: 0 };
  if (!options.bookingId) {
    await deps.db
      .update(securityDeposits)
      .set({ status: 'released', releasedAt: now, updatedAt: now })
      .where(
        and(
          eq(securityDeposits.status, 'pending'),
          inArray(
            securityDeposits.bookingId,
            deps.db.select({ id: bookings.id }).from(bookings).where(ENDED_WITHOUT_STAY),
          ),
        ),
      );
  }
  const due = await deps.db
    .select({ deposit: securityDeposits, booking: bookings })
    .from(securityDeposits)
    .innerJoin(bookings, eq(bookings.id, securityDeposits.bookingId))
    .where(
      and(
        eq(securityDeposits.status, 'pending'),
        lte(securityDeposits.authorizeAt, now),
        eq(bookings.status, 'confirmed'),
        options.bookingId ? eq(bookings.id, options.bookingId) : undefined,
      ),
    )
    .orderBy(asc(securityDeposits.authorizeAt))
    .limit(options.limit ?? 100);
  for (const { deposit, booking } of due) {
    const outcome = await authorizeOne(deps, deposit, booking);
    if (outcome === 'held') result.authorised++;
    else if (outcome === 'declined') result.declined++;
    else if (outcome === 'not_held') result.notHeld++;
    else if (outcome === 'retry') result.failed++;
  }
  return result;
}

/** Right after a confirmation: its deposit, when due now, is authorised at once (never failing the confirmation). */
export async function authorizeDepositNow(deps: DepositDeps, booking: Pick<BookingRow, 'id' | 'depositCents'>) {
  if (booking.depositCents <= 0) return;
  try {
    await authorizeDueDeposits(deps, { bookingId: booking.id });
  } catch (err) {
    logOf(deps).warn({ err, bookingId: booking.id }, 'security deposit: left for the deposit job');
  }
}
