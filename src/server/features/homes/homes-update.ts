/** PUT /api/home/:id: the spec's edit form, plus the window, the pictures and the stay settings (D41). */
import { homeToday } from '#shared/time-zones';
import { and, eq, gt, sql } from 'drizzle-orm';
import { formatDayRange } from '#shared/dates';
import { amountToCents } from '#shared/money';
import type { UpdateHome } from '#shared/schemas/homes';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/transaction';
import { bookings, homes } from '#server/db/schema';
import { conflict, invalid, notFound } from '#server/domain-errors';
import { bookingInTheWay, bookingNamed } from '../calendar/availability';
import { pointColumns, roundPoint } from '../geo/approximate-point';
import { placePoint } from '../geo/home-point';

/**
 * The point columns after an edit: a new pin, or a new location without one (the gazetteer's
 * point), draws a new public offset; otherwise the stored point and its offset are kept, so the
 * public point of a home never moves while its pin stays (ADR 0056).
 */
function pointValues(input: Pick<UpdateHome, 'point' | 'location'>, row: typeof homes.$inferSelect) {
  const kept = { lat: row.lat, lng: row.lng, approxLat: row.approxLat, approxLng: row.approxLng };
  if (input.point) {
    const pin = roundPoint(input.point);
    return pin.lat === row.lat && pin.lng === row.lng ? kept : pointColumns(pin);
  }
  // A new place the gazetteer knows moves the home there; one it does not know keeps the pin where it was.
  const placed = input.location === row.location ? null : placePoint(input.location);
  return placed ? pointColumns(placed) : kept;
}

type PricingInput = Pick<
  UpdateHome,
  | 'weekendPrice'
  | 'weeklyDiscountPercent'
  | 'monthlyDiscountPercent'
  | 'lastMinuteDiscountPercent'
  | 'lastMinuteDays'
  | 'earlyBirdDiscountPercent'
  | 'earlyBirdDays'
  | 'guestsIncluded'
  | 'extraGuestFee'
  | 'securityDeposit'
  | 'bookingMode'
  | 'instantBookRequirements'
>;

/** The pricing and booking-mode columns after an edit: each setting left out is kept. */
function pricingValues(input: PricingInput, row: typeof homes.$inferSelect) {
  return {
    weekendPriceCents:
      input.weekendPrice === undefined
        ? row.weekendPriceCents
        : input.weekendPrice === null
          ? null
          : amountToCents(input.weekendPrice),
    weeklyDiscountPercent: input.weeklyDiscountPercent ?? row.weeklyDiscountPercent,
    monthlyDiscountPercent: input.monthlyDiscountPercent ?? row.monthlyDiscountPercent,
    lastMinuteDiscountPercent: input.lastMinuteDiscountPercent ?? row.lastMinuteDiscountPercent,
    lastMinuteDays: input.lastMinuteDays ?? row.lastMinuteDays,
    earlyBirdDiscountPercent: input.earlyBirdDiscountPercent ?? row.earlyBirdDiscountPercent,
    earlyBirdDays: input.earlyBirdDays ?? row.earlyBirdDays,
    guestsIncluded: input.guestsIncluded ?? row.guestsIncluded,
    extraGuestFeeCents: input.extraGuestFee !== undefined ? amountToCents(input.extraGuestFee) : row.extraGuestFeeCents,
    securityDepositCents:
      input.securityDeposit !== undefined ? amountToCents(input.securityDeposit) : row.securityDepositCents,
    bookingMode: input.bookingMode ?? row.bookingMode,
    instantBookRequirements: input.instantBookRequirements ?? row.instantBookRequirements,
  };
}

/**
 * Writes what the edit form sent; answers how many rows really changed (0 when
 * every value is the one already stored, so the spec's "Data Updated" shows
 * only after a real change). Ownership and new pictures are checked by the
 * caller. The home's row is locked first (a hold locks it too, ADR 0015), so a
 * new window is checked against every stay that keeps its nights and no hold
 * can land outside it meanwhile: a window that would leave an upcoming
 * confirmed stay or a reservation in progress outside is refused (409), naming it.
 */
export async function updateHome(db: Db, id: string, input: UpdateHome, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(homes).where(eq(homes.id, id)).for('update');
    if (!row) throw notFound('No home with this id');
    const values = {
      title: input.title,
      location: input.location,
      priceCents: amountToCents(input.price),
      totalGuest: input.total_guest,
      bedrooms: input.bedrooms,
      bathrooms: input.bathrooms,
      description: input.description ?? row.description,
      availableFrom: input.from ?? row.availableFrom,
      availableTo: input.to ?? row.availableTo,
      images: input.images ?? row.images,
      minNights: input.minNights ?? row.minNights,
      maxNights: input.maxNights ?? row.maxNights,
      checkInTime: input.checkInTime ?? row.checkInTime,
      checkOutTime: input.checkOutTime ?? row.checkOutTime,
      houseRules: input.houseRules ?? row.houseRules,
      cleaningFeeCents: input.cleaningFee !== undefined ? amountToCents(input.cleaningFee) : row.cleaningFeeCents,
      cancellationPolicy: input.cancellationPolicy ?? row.cancellationPolicy,
      // Bookings keep the zone they were made in (bookings.time_zone): changing it moves no cut-off.
      timeZone: input.timeZone ?? row.timeZone,
      ...pricingValues(input, row),
      ...pointValues(input, row),
    };
    if (input.guestsIncluded !== undefined && input.guestsIncluded > values.totalGuest) {
      throw invalid(
        `Guests included (${input.guestsIncluded}) cannot be more than the guests the home sleeps (${values.totalGuest})`,
        'guests_included_range',
      );
    }
    // A home that now sleeps fewer still covers all of them with its nightly price.
    values.guestsIncluded = Math.min(values.guestsIncluded, values.totalGuest);
    if (values.minNights > values.maxNights) {
      throw invalid(
        `Minimum nights (${values.minNights}) cannot be more than maximum nights (${values.maxNights})`,
        'nights_range',
      );
    }
    const changed = (Object.keys(values) as (keyof typeof values)[]).some(
      (key) => JSON.stringify(values[key]) !== JSON.stringify(row[key]),
    );
    if (!changed) return 0;

    if (values.availableFrom !== row.availableFrom || values.availableTo !== row.availableTo) {
      const outside = sql`not (${bookings.stay} <@ daterange(${values.availableFrom}::date, ${values.availableTo}::date, '[)'))`;
      const stranded = await bookingInTheWay(tx, id, and(gt(bookings.checkOut, homeToday(now)), outside)!, now);
      if (stranded) {
        throw conflict(
          `The dates ${formatDayRange(values.availableFrom, values.availableTo)} would leave out ${bookingNamed(stranded)}. ` +
            'Keep the available dates around it, or cancel that booking first.',
          'window_strands_booking',
        );
      }
    }
    await tx
      .update(homes)
      .set({ ...values, updatedAt: now })
      .where(eq(homes.id, id));
    return 1;
  });
}
