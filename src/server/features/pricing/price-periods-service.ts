/**
 * A host's price periods (issue 27, ADR 0049): a nightly price for the nights [from, to) of one
 * home, over its base and weekend prices. Each night has at most one (exclusion constraint,
 * migration 0026): a new period takes its nights from the periods already there, which shrink or
 * split around it in the same transaction, under the home's row lock (ADR 0015, 0029); a changed
 * period (PATCH) takes its new nights the same way. A booking
 * keeps the prices it was held with; periods only change later quotes and holds.
 */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { amountToCents, centsToAmount } from '#shared/money';
import type { PricePeriodSpan } from '#shared/pricing-quote';
import type { CreatePricePeriod, PricePeriod, UpdatePricePeriod } from '#shared/schemas/pricing';
import { earliestCheckIn } from '#shared/time-zones';
import { sqlState } from '#server/db/client';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { pricePeriods, type PricePeriodRow } from '#server/db/schema';
import { conflict, invalid, notFound } from '#server/domain-errors';
import type { Clock } from '#server/providers/clock/clock';
import { lockHome, underHomeLock, type Tx } from '../calendar/availability';
import { isUuid } from '../homes/homes-service';

const toPeriod = (row: Pick<PricePeriodRow, 'id' | 'fromDate' | 'toDate' | 'priceCents' | 'name'>): PricePeriod => ({
  _id: row.id,
  from: row.fromDate,
  to: row.toDate,
  price: centsToAmount(row.priceCents),
  name: row.name,
});

/** WHERE part: the period shares a night with [from, to). */
const overlapping = (homeId: string, from: string, to: string) =>
  and(eq(pricePeriods.homeId, homeId), lt(pricePeriods.fromDate, to), gt(pricePeriods.toDate, from));

/** The periods over any night of [from, to), as the price of a stay reads them. */
export async function periodsOver(db: Db | Tx, homeId: string, from: string, to: string): Promise<PricePeriodSpan[]> {
  const rows = await db
    .select({
      from: pricePeriods.fromDate,
      to: pricePeriods.toDate,
      priceCents: pricePeriods.priceCents,
      name: pricePeriods.name,
    })
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
 * Frees the nights [from, to) from the home's periods other than `keep`, under the home's lock: a
 * period inside goes, one reaching past it keeps its nights outside, one reaching past both ends
 * splits in two.
 */
async function cutPeriodsOver(tx: Tx, homeId: string, from: string, to: string, keep?: string): Promise<void> {
  const touched = await tx
    .select()
    .from(pricePeriods)
    .where(overlapping(homeId, from, to))
    .for('update');
  for (const period of touched) {
    if (period.id === keep) continue;
    const byId = eq(pricePeriods.id, period.id);
    const before = period.fromDate < from;
    const after = to < period.toDate;
    if (before) await tx.update(pricePeriods).set({ toDate: from }).where(byId);
    if (before && after) {
      await tx.insert(pricePeriods).values({
        homeId,
        fromDate: to,
        toDate: period.toDate,
        priceCents: period.priceCents,
        name: period.name,
        createdAt: period.createdAt,
      });
    } else if (after) {
      await tx.update(pricePeriods).set({ fromDate: to }).where(byId);
    }
    if (!before && !after) await tx.delete(pricePeriods).where(byId);
  }
}

/** Only without the home's lock could two periods meet; kept as the last word. */
async function overlapAsConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === '23P01')
      throw conflict('These nights were priced at the same moment. Try again.', 'period_overlap');
    throw err;
  }
}

const pastNights = () => invalid('Prices cannot be set for nights in the past', 'dates_in_past');

/**
 * POST /api/home/:id/price-periods. Nights already in another period take the new price (that
 * period shrinks or splits). Nights already over at the home (ADR 0035) cannot be priced.
 */
export async function createPricePeriod(
  deps: { db: Db; clock: Clock },
  home: { id: string; timeZone: string },
  input: CreatePricePeriod,
): Promise<PricePeriod> {
  if (input.from < earliestCheckIn(deps.clock.now(), home.timeZone)) throw pastNights();
  const priceCents = amountToCents(input.price);
  return overlapAsConflict(() =>
    inTransaction(deps.db, async (tx) => {
      if (!(await lockHome(tx, home.id))) throw notFound('No home with this id');
      await cutPeriodsOver(tx, home.id, input.from, input.to);
      const [row] = await tx
        .insert(pricePeriods)
        .values({
          homeId: home.id,
          fromDate: input.from,
          toDate: input.to,
          priceCents,
          // '' is no name.
          name: input.name || null,
          createdAt: deps.clock.now(),
        })
        .returning();
      return toPeriod(row!);
    }),
  );
}

/**
 * PATCH /api/home/:id/price-periods/:periodId: the period keeps its id and takes a new price
 * and/or new nights; nights it gains are taken from other periods as in POST. Only nights not yet
 * over may join or leave it (ADR 0035): a period already under way keeps its first night but may
 * change its price (stays already booked keep theirs) and its end.
 */
export async function updatePricePeriod(
  deps: { db: Db; clock: Clock },
  home: { id: string; timeZone: string },
  periodId: string,
  input: UpdatePricePeriod,
): Promise<PricePeriod> {
  if (!isUuid(periodId)) throw notFound('No price period with this id on this home');
  const today = earliestCheckIn(deps.clock.now(), home.timeZone);
  return overlapAsConflict(() =>
    inTransaction(deps.db, async (tx) => {
      if (!(await lockHome(tx, home.id))) throw notFound('No home with this id');
      const byId = and(eq(pricePeriods.id, periodId), eq(pricePeriods.homeId, home.id));
      const [period] = await tx.select().from(pricePeriods).where(byId).for('update');
      if (!period) throw notFound('No price period with this id on this home');
      const from = input.from ?? period.fromDate;
      const to = input.to ?? period.toDate;
      if (from >= to) throw invalid('The last night must be after the first', 'invalid_request');
      // The nights that join or leave the period lie between its old and new start, and end.
      if (from !== period.fromDate && (from < today || period.fromDate < today)) throw pastNights();
      if (to !== period.toDate && (to <= today || period.toDate <= today)) throw pastNights();
      await cutPeriodsOver(tx, home.id, from, to, period.id);
      const priceCents = input.price === undefined ? period.priceCents : amountToCents(input.price);
      const [row] = await tx
        .update(pricePeriods)
        .set({
          fromDate: from,
          toDate: to,
          priceCents,
          ...(input.name !== undefined ? { name: input.name || null } : {}),
        })
        .where(byId)
        .returning();
      return toPeriod(row!);
    }),
  );
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
