/**
 * The deposit job: authorises the pending deposits that have come due (deposits-authorise.ts), and
 * lets go of the authorisation of every deposit that is still held (no damage claim) once its
 * release time has come, or at once when its booking ended without a stay (a hold that expired or
 * was cancelled, a cancelled booking, a declined request). Runs once across processes (its lease
 * in the `jobs` table, ADR 0046).
 */
import { and, asc, eq, lte, or } from 'drizzle-orm';
import type { JobOptions, ServiceLog } from '#server/app-context';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import { bookings, securityDeposits, type BookingRow, type SecurityDepositRow } from '#server/db/schema';
import { logOf } from '../bookings/bookings-model';
import { authorizeDueDeposits, type DepositAuthoriseResult } from './deposits-authorise';
import { releasedMails } from './deposits-mail';
import { ENDED_WITHOUT_STAY, type DepositDeps } from './deposits-model';
import { postDepositState } from '../ledger/ledger-bookings';

export interface DepositReleaseResult extends DepositAuthoriseResult {
  released: number;
}

/**
 * Marks one deposit released after the provider let it go, and queues the guest's and the host's
 * mails in the same transaction (ADR 0046). Guarded: a deposit claimed meanwhile is not marked
 * released (a claim needs release_at in the future, and the release time of those due by time has
 * passed, so only an ended booking's could race here).
 */
async function markReleased(deps: DepositDeps, booking: BookingRow, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(securityDeposits)
      .set({ status: 'released', releasedAt: now, updatedAt: now })
      .where(and(eq(securityDeposits.bookingId, booking.id), eq(securityDeposits.status, 'held')))
      .returning();
    if (!row) return false;
    for (const mail of releasedMails(booking, row, deps.publicUrl)) await deps.mail?.send(mail, tx);
    // The release's memo entries commit with the row (ADR 0053).
    await postDepositState(tx, deps, row, now);
    return true;
  });
}

/** Lets go of one held deposit at the provider; true when the authorisation is released. */
async function releaseAtProvider(deps: DepositDeps, deposit: SecurityDepositRow): Promise<boolean> {
  try {
    const intent = await deps.payments.cancelIntent(deposit.paymentIntentId!);
    if (intent.status !== 'canceled') throw new Error(`the authorisation is ${intent.status}, not released`);
    return true;
  } catch (err) {
    logOf(deps).warn({ err, bookingId: deposit.bookingId }, 'could not release a security deposit; retrying');
    return false;
  }
}

/**
 * One pass: authorises what has come due, then releases what is due, `limit` at a time; a
 * provider failure leaves that deposit for the next pass.
 */
export async function releaseDueDeposits(deps: DepositDeps, limit = 100): Promise<DepositReleaseResult> {
  const result: DepositReleaseResult = { ...(await authorizeDueDeposits(deps, { limit })), released: 0 };
  const now = deps.clock.now();
  const due = await deps.db
    .select({ deposit: securityDeposits, booking: bookings })
    .from(securityDeposits)
    .innerJoin(bookings, eq(bookings.id, securityDeposits.bookingId))
    .where(and(eq(securityDeposits.status, 'held'), or(lte(securityDeposits.releaseAt, now), ENDED_WITHOUT_STAY)))
    .orderBy(asc(securityDeposits.releaseAt))
    .limit(limit);
  for (const { deposit, booking } of due) {
    if (!(await releaseAtProvider(deps, deposit))) result.failed++;
    else if (await markReleased(deps, booking, now)) result.released++;
  }
  return result;
}

export type DepositReleaser = PeriodicJob<DepositReleaseResult>;

export function startDepositRelease(
  deps: DepositDeps & { log?: ServiceLog },
  options: { intervalMs: number } & JobOptions<DepositReleaseResult>,
): DepositReleaser {
  return startPeriodicJob({
    ...options,
    name: 'deposit release',
    pass: () => releaseDueDeposits(deps),
    worthLogging: (r) => r.released > 0 || r.failed > 0 || r.authorised > 0 || r.declined > 0 || r.notHeld > 0,
    ...(deps.log ? { log: deps.log } : {}),
  });
}
