/**
 * A host's price periods (issue 27, ADR 0049): a nightly price for the nights [from, to) of one
 * home, over its base and weekend prices. Each night has at most one (exclusion constraint,
 * migration 0026): a new period takes its nights from the periods already there, which shrink or
 * split around it in the same transaction, under the home's row lock (ADR 0015, 0029). A booking
 * keeps the prices it was held with; periods only change later quotes and holds.
 */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { amountToCents, centsToAmount } from '#shared/money';
import type { PricePeriodSpan } from '#shared/pricing-quote';
import type { CreatePricePeriod, PricePeriod } from '#shared/schemas/pricing';
import { earliestCheckIn } from '#shared/time-zones';
import { sqlState } from '#server/db/client';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { pricePeriods, type PricePeriodRow } from '#server/db/schema';
import { conflict, invalid, notFound } from '#server/domain-errors';
import type { Clock } from '#server/providers/clock/clock';
import { lockHome, underHomeLock, type Tx } from '../calendar/availability';
import { isUuid } from '../homes/homes-service';

const toPeriod = (row: Pick<PricePeriodRow, 'id' | 'fromDate' | 'toDate' | 'priceCents'>): PricePeriod => ({
  _id: row.id,
  from: row.fromDate,
  to: row.toDate,
  price: centsToAmount(row.priceCents),
});

/** WHERE part: the period shares a night with [from, to). */
const overlapping = (homeId: string, from: string, to: string) =>
  and(eq(pricePeriods.homeId, homeId), lt(pricePeriods.fromDate, to), gt(pricePeriods.toDate, from));

/** The periods over any night of [from, to), as the price of a stay reads them. */
export async function periodsOver(db: Db | Tx, homeId: string, from: string, to: string): Promise<PricePeriodSpan[]> {
  const rows = await db
    .select({ from: pricePeriods.fromDate, to: pricePeriods.toDate, priceCents: pricePeriods.priceCents })
    .from(pricePeriods)
    .where(overlapping(homeId, from, to))
    .orderBy(asc(pricePeriods.fromDate));
  return rows;
}

/** GET /api/home/:id/price-periods: all of the home's periods, first nights first. */
export async function listPricePeriods(db: Db, homeId: string): Promise<{ periods: PricePeriod[] }> {
  const rows = await db
    .select()
    .from(pricePeriods)
    .where(eq(pricePeriods.homeId, homeId))
    .orderBy(asc(pricePeriods.fromDate));
  return { periods: rows.map(toPeriod) };
}

/**
 * POST /api/home/:id/price-periods. Nights already in another period take the new price: a
 * period inside the new one goes, one reaching past it keeps its nights outside, one reaching past
 * both ends splits in two. Nights already over at the home (ADR 0035) cannot be priced.
 */
export async function createPricePeriod(
  deps: { db: Db; clock: Clock },
  home: { id: string; timeZone: string },
  input: CreatePricePeriod,
): Promise<PricePeriod> {
  if (input.from < earliestCheckIn(deps.clock.now(), home.timeZone)) {
    throw invalid('Prices cannot be set for nights in the past', 'dates_in_past');
  }
  const priceCents = amountToCents(input.price);
  try {
    return await inTransaction(deps.db, async (tx) => {
      if (!(await lockHome(tx, home.id))) throw notFound('No home with this id');
      const touched = await tx
        .select()
        .from(pricePeriods)
        .where(overlapping(home.id, input.from, input.to))
        .for('update');
      for (const period of touched) {
        const byId = eq(pricePeriods.id, period.id);
        const before = period.fromDate < input.from;
        const after = input.to < period.toDate;
        if (before) await tx.update(pricePeriods).set({ toDate: input.from }).where(byId);
        if (before && after) {
          await tx.insert(pricePeriods).values({
            homeId: home.id,
            fromDate: input.to,
            toDate: period.toDate,
            priceCents: period.priceCents,
            createdAt: period.createdAt,
          });
        } else if (after) {
          await tx.update(pricePeriods).set({ fromDate: input.to }).where(byId);
        }
        if (!before && !after) await tx.delete(pricePeriods).where(byId);
      }
      const [row] = await tx
        .insert(pricePeriods)
        .values({ homeId: home.id, fromDate: input.from, toDate: input.to, priceCents, createdAt: deps.clock.now() })
        .returning();
      return toPeriod(row!);
    });
  } catch (err) {
    // Only without the home's lock could two periods meet; kept as the last word.
    if (sqlState(err) === '23P01')
      throw conflict('These nights were priced at the same moment. Try again.', 'period_overlap');
    throw err;
  }
}

/** DELETE /api/home/:id/price-periods/:periodId: its nights go back to the base and weekend prices. */
export async function deletePricePeriod(db: Db, homeId: string, periodId: string): Promise<void> {
  if (!isUuid(periodId)) throw notFound('No price period with this id on this home');
  const deleted = await underHomeLock(db, homeId, (tx) =>
    tx
      .delete(pricePeriods)
      .where(and(eq(pricePeriods.id, periodId), eq(pricePeriods.homeId, homeId)))
      .returning({ id: pricePeriods.id }),
  );
  if (!deleted.length) throw notFound('No price period with this id on this home');
}
