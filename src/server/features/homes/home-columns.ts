import { getTableColumns } from 'drizzle-orm';
import { homes } from '#server/db/schema';

/**
 * The columns of a home that are not part of a Home (src/shared/schemas/homes.ts): bookkeeping
 * for search (nights, sort keys), the stored JSON itself and the timestamps. Every other column
 * is read wherever a Home is made from a row, so a new column needs no entry here.
 */
const NOT_IN_A_HOME = [
  'hostId',
  'confirmedNights',
  'upcomingNights',
  'upcomingFrom',
  'ratingSort',
  // The exact point: a Home carries the public one (point); exactPoint is added per request.
  'lat',
  'lng',
  'apiJson',
  'createdAt',
  'updatedAt',
] as const;

type HomeColumns = Omit<ReturnType<typeof getTableColumns<typeof homes>>, (typeof NOT_IN_A_HOME)[number]>;

/** The columns a Home is made of (lists read only these: not the nights, not the timestamps). */
export const homeFields: HomeColumns = Object.fromEntries(
  Object.entries(getTableColumns(homes)).filter(([key]) => !(NOT_IN_A_HOME as readonly string[]).includes(key)),
) as HomeColumns;
