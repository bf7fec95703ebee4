/**
 * The shape of the registry of people's data (data-registry.ts) and the SQL its entries share to find
 * a person's rows: their bookings as guest and as host, conversations and payouts, as the export and
 * account deletion read them.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '#server/db/schema';

/** The person whose data is read or erased. */
export interface DataSubject {
  id: string;
  /** Lower-case, as stored. */
  email: string;
}

/** What deleting the account does with the table's rows about the person (account-deletion.ts does it). */
type OnAccountDeletion =
  /** The rows go. */
  | 'delete'
  /** The rows stay; their personal fields are blanked or replaced by placeholders. */
  | 'anonymise'
  /** The rows stay as they are: they hold no personal field, only the (tombstone) user id. */
  | 'keep';

export interface UserDataTable {
  table: PgTable;
  /** The person's rows (their own, and those about them). */
  rowsOf: (me: DataSubject) => SQL;
  /** The columns (Drizzle keys) their export shows; the rest (tokens, hashes, derived copies) is left out. */
  exportFields: readonly string[];
  onDeletion: OnAccountDeletion;
  /**
   * Words the person wrote that stay after their account is deleted, because they are the other party's
   * record too (SQL column names): a message's body, a review's text. Their author shows as "Deleted user".
   */
  keptText?: readonly string[];
  /** Data inventory: why it is kept, for how long, who can see it. */
  why: string;
  retention: string;
  visibleTo: string;
}

const { bookings } = schema;

/** All columns of a table except these. */
export const allBut = (table: PgTable, ...left: string[]) =>
  Object.keys(getTableColumns(table)).filter((key) => !left.includes(key));
/** Bookings the person made or hosted (by id or, for rows from before host ids, by email). */
export const myBookingIds = (me: DataSubject) =>
  sql`(select ${bookings.id} from ${bookings} where ${bookings.guestId} = ${me.id}
        or lower(${bookings.guestEmail}) = ${me.email} or lower(${bookings.hostEmail}) = ${me.email})`;
/** Bookings the person made as a guest: their payments are theirs alone, never the host's to read. */
export const myGuestBookingIds = (me: DataSubject) =>
  sql`(select ${bookings.id} from ${bookings} where ${bookings.guestId} = ${me.id} or lower(${bookings.guestEmail}) = ${me.email})`;
/**
 * A host's share of bookings at their homes: the stays their reservations screen shows (confirmed,
 * requested, answered), never a stranger's unpaid hold (reservations-queries.ts).
 */
export const hostedBookingRows = (me: DataSubject) =>
  sql`(lower(${bookings.hostEmail}) = ${me.email} and (${bookings.status} in ('confirmed', 'requested', 'declined')
        or (${bookings.status} in ('cancelled', 'expired')
          and (${bookings.confirmedAt} is not null or ${bookings.requestedAt} is not null))))`;
export const myConversationIds = (me: DataSubject) =>
  sql`(select ${schema.conversations.id} from ${schema.conversations}
        where ${schema.conversations.guestId} = ${me.id} or ${schema.conversations.hostId} = ${me.id})`;
export const myPayoutIds = (me: DataSubject) =>
  sql`(select ${schema.payouts.id} from ${schema.payouts} where ${schema.payouts.hostId} = ${me.id})`;
