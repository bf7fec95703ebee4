/**
 * The deposit release job: lets go of the authorisation of every deposit that is still held
 * (no damage claim) once its release time has come, or at once when its booking ended without a
 * stay (a hold that expired or was cancelled, a cancelled booking, a declined request). Runs once
 * across processes (its lease in the `jobs` table, ADR 0046).
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { JobOptions, ServiceLog } from '#server/app-context';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import { bookings, securityDeposits } from '#server/db/schema';
import { logOf } from '../bookings/bookings-model';
import type { DepositDeps } from './deposits-model';
import { postDepositState } from '../ledger/ledger-bookings';

/** Bookings that will never be stayed in: their deposit goes back without waiting for a check-out. */
const ENDED_WITHOUT_STAY = sql`${bookings.status} in ('expired', 'cancelled', 'declined')`;

export interface DepositReleaseResult {
  released: number;
  failed: number;
}

/** One pass: releases what is due, `limit` at a time; a provider failure leaves that deposit for the next pass. */
export async function releaseDueDeposits(deps: DepositDeps, limit = 100): Promise<DepositReleaseResult> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ bookingId: securityDeposits.bookingId, paymentIntentId: securityDeposits.paymentIntentId })
    .from(securityDeposits)
    .innerJoin(bookings, eq(bookings.id, securityDeposits.bookingId))
    .where(and(eq(securityDeposits.status, 'held'), or(lte(securityDeposits.releaseAt, now), ENDED_WITHOUT_STAY)))
    .orderBy(asc(securityDeposits.releaseAt))
    .limit(limit);
  const result: DepositReleaseResult = { released: 0, failed: 0 };
  const released: string[] = [];
  for (const deposit of due) {
    try {
      const intent = await deps.payments.cancelIntent(deposit.paymentIntentId);
      if (intent.status !== 'canceled') throw new Error(`the authorisation is ${intent.status}, not released`);
      released.push(deposit.bookingId);
    } catch (err) {
      result.failed++;
      logOf(deps).warn({ err, bookingId: deposit.bookingId }, 'could not release a security deposit; retrying');
    }
  }
  if (released.length) {
    // Guarded: a deposit claimed meanwhile is not marked released (a claim needs release_at in the future,
    // and the release time of those due by time has passed, so only an ended booking's could race here).
    const rows = await deps.db.transaction(async (tx) => {
      const changed = await tx
        .update(securityDeposits)
        .set({ status: 'released', releasedAt: now, updatedAt: now })
        .where(and(inArray(securityDeposits.bookingId, released), eq(securityDeposits.status, 'held')))
        .returning();
      // The releases' memo entries commit with the rows (ADR 0053).
      for (const row of changed) await postDepositState(tx, deps, row, now);
      return changed;
    });
    result.released = rows.length;
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
    worthLogging: (result) => result.released > 0 || result.failed > 0,
    ...(deps.log ? { log: deps.log } : {}),
  });
}
