/**
 * "Delete my account" (issue 30, ADR 0061). One transaction, driven by the registry of people's data
 * (data-registry.ts): rows marked `delete` go, rows marked `anonymise` lose their personal fields,
 * and the user row stays as a tombstone ("Deleted user", an undeliverable placeholder email), because
 * bookings, reviews, messages and the append-only ledger keep pointing at its id.
 */
import { and, eq, getTableName, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { DELETED_USER_NAME, deletedUserEmail } from '#shared/emails';
import { homeToday } from '#shared/time-zones';
import type { MessageBus, ServiceLog } from '#server/app-context';
import type { Db } from '#server/db/client';
import {
  bookings,
  deletedHomes,
  homes,
  moderationReports,
  paymentIntents,
  sandboxPayoutAccounts,
  securityDeposits,
  uploads,
  users,
} from '#server/db/schema';
import { inTransaction } from '#server/db/transaction';
import { conflict, notFound } from '#server/domain-errors';
import type { Clock } from '#server/providers/clock/clock';
import type { StorageProvider, Visibility } from '#server/providers/storage/storage';
import { anonymiseAuditActor } from '../audit/audit-queries';
import { endLiveStreams } from '../messages/messages-model';
import { derivedKeysOf } from '../uploads/derived-images';
import { uploadedImageKey } from '../uploads/uploads-service';
import { filesToRemove } from '../uploads/uploads-sweeper';
import { USER_DATA, type DataSubject } from './data-registry';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Storage files to remove once the transaction committed. */
type StoredFile = { key: string; visibility: Visibility };
const DOCUMENT_PREFIX = '/api/documents/';
/** What a deleted host's damage claim says instead of their words. */
export const ERASED_CLAIM_REASON = '(Erased with the host account)';

export interface AccountDeletionDeps {
  db: Db;
  clock: Clock;
  storage: StorageProvider;
  log: ServiceLog;
  /** Ends the person's open live streams on every process. */
  messageBus?: MessageBus;
}

/** Stays that still matter (as guest, or as host of one of their homes): cancel them before deleting the account. */
function liveStaysOf(me: DataSubject, now: Date) {
  return and(
    or(
      eq(bookings.guestId, me.id),
      sql`lower(${bookings.guestEmail}) = ${me.email}`,
      sql`lower(${bookings.hostEmail}) = ${me.email}`,
      sql`${bookings.homeId} in (select ${homes.id} from ${homes} where ${homes.hostId} = ${me.id})`,
    ),
    inArray(bookings.status, ['confirmed', 'requested', 'held']),
    gt(bookings.checkOut, homeToday(now)),
  );
}

/** The files of the photo and of the host request's document: their upload rows' keys, else the key in the URL. */
async function photoAndDocumentFiles(tx: Tx, me: DataSubject, urls: string[]): Promise<StoredFile[]> {
  if (!urls.length) return [];
  const rows = await tx
    .delete(uploads)
    .where(and(eq(uploads.userId, me.id), inArray(uploads.url, urls)))
    .returning({ keys: uploads.keys, visibility: uploads.visibility });
  const files = rows.flatMap((row) => filesToRemove(row).map((key) => ({ key, visibility: row.visibility })));
  for (const url of urls) {
    const photo = uploadedImageKey(url);
    if (photo) files.push(...[photo, ...derivedKeysOf(photo)].map((key) => ({ key, visibility: 'public' as const })));
    if (url.startsWith(DOCUMENT_PREFIX)) files.push({ key: url.slice(DOCUMENT_PREFIX.length), visibility: 'private' });
  }
  return files;
}

/** Each `anonymise` table of the registry: what its rows about the person keep. */
const ANONYMISE: Record<string, (tx: Tx, me: DataSubject, placeholder: string) => Promise<unknown>> = {
  // Before bookings: it finds the payments through the bookings' emails.
  payment_intents: (tx, me) =>
    tx
      .update(paymentIntents)
      .set({ billingName: null, billingEmail: null, receiptEmail: null })
      .where(USER_DATA.payment_intents!.rowsOf(me)),
  // Before bookings (it finds the host's stays by their email): a host's damage claim keeps its amount and
  // decision (money moved on it) but loses the host's own words.
  security_deposits: (tx, me) =>
    tx
      .update(securityDeposits)
      // A claim must keep a reason (security_deposits_claim_complete): a placeholder replaces the words.
      .set({ claimReason: ERASED_CLAIM_REASON })
      .where(
        and(
          isNotNull(securityDeposits.claimReason),
          sql`${securityDeposits.bookingId} in (select ${bookings.id} from ${bookings} where lower(${bookings.hostEmail}) = ${me.email})`,
        ),
      ),
  bookings: async (tx, me, placeholder) => {
    // The guest's name, address and note go; the stay, its price and its ledger lines stay for accounting.
    await tx
      .update(bookings)
      .set({ guestEmail: placeholder, guestName: null, message: '' })
      .where(or(eq(bookings.guestId, me.id), sql`lower(${bookings.guestEmail}) = ${me.email}`));
    await tx
      .update(bookings)
      // The host's own words: the answer to a request and the reason for cancelling (mailed to the guest already).
      .set({ hostEmail: placeholder, hostMessage: null, cancelReason: null })
      .where(sql`lower(${bookings.hostEmail}) = ${me.email}`);
  },
  deleted_homes: (tx, me, placeholder) =>
    tx.update(deletedHomes).set({ hostEmail: placeholder }).where(USER_DATA.deleted_homes!.rowsOf(me)),
  sandbox_payout_accounts: (tx, me) =>
    tx.update(sandboxPayoutAccounts).set({ holderName: null }).where(eq(sandboxPayoutAccounts.hostId, me.id)),
  // The only change the audit log's trigger allows: the acting admin's email and name erased (ADR 0059).
  audit_log: (tx, me) => anonymiseAuditActor(tx, me.id),
  moderation_reports: (tx, me) =>
    tx.update(moderationReports).set({ reporterId: null, text: null }).where(USER_DATA.moderation_reports!.rowsOf(me)),
  // Other uploads (home pictures) lose their owner; the uploads sweeper removes them once nothing uses them.
  uploads: (tx, me) => tx.update(uploads).set({ userId: null }).where(eq(uploads.userId, me.id)),
  // Last: the other steps find rows by the real email.
  users: (tx, me, placeholder) =>
    tx
      .update(users)
      .set({
        name: DELETED_USER_NAME,
        email: placeholder,
        emailVerified: false,
        image: null,
        role: null,
        location: null,
        docImage: null,
        hostRequestDecidedAt: null,
      })
      .where(eq(users.id, me.id)),
};

/** The registry's tables in the order deletion handles them: the `anonymise` steps above in their order, then deletes. */
export function deletionPlan() {
  const anonymised = Object.keys(ANONYMISE);
  const deleted = Object.entries(USER_DATA)
    // Homes go first, on their own (homesGo): their deletion is remembered in deleted_homes.
    .filter(([name, entry]) => entry.onDeletion === 'delete' && name !== 'homes')
    .map(([name]) => name);
  return { anonymised, deleted };
}

async function homesGo(tx: Tx, me: DataSubject, placeholder: string, now: Date) {
  // Bookings keep their copies of title, place and picture (home_id becomes null); calendars, prices and wishlists go with the home.
  const gone = await tx.delete(homes).where(USER_DATA.homes!.rowsOf(me)).returning({ id: homes.id });
  if (gone.length) {
    await tx
      .insert(deletedHomes)
      .values(gone.map((home) => ({ id: home.id, hostId: me.id, hostEmail: placeholder, deletedAt: now })))
      .onConflictDoNothing();
  }
}

/**
 * Deletes the account of `userId` (its identity checked by the route). Refused (409 `stays_upcoming`)
 * while they have a held, requested or confirmed stay that has not ended, as guest or as host.
 * Sessions live in PostgreSQL only (no secondary storage, auth.ts), so deleting their rows signs the
 * person out on every process at once.
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string): Promise<void> {
  const now = deps.clock.now();
  const files = await inTransaction(deps.db, async (tx) => {
    // Lock order (ADR 0029): the person's homes first (a booking being made holds their row), then the user row,
    // which a booking as guest also holds (its guest_id key): no stay can slip in between the check and the delete.
    await tx.select({ id: homes.id }).from(homes).where(eq(homes.hostId, userId)).for('update');
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw notFound('No such account');
    const me: DataSubject = { id: user.id, email: user.email.toLowerCase() };
    const live = await tx.select({ id: bookings.id }).from(bookings).where(liveStaysOf(me, now)).limit(1);
    if (live.length) {
      throw conflict(
        'You have an upcoming or current stay, as a guest or as a host. Cancel it first, then delete your account.',
        'stays_upcoming',
      );
    }
    const placeholder = deletedUserEmail(user.id);
    const stored = await photoAndDocumentFiles(
      tx,
      me,
      [user.image, user.docImage].filter((u): u is string => !!u),
    );
    await homesGo(tx, me, placeholder, now);
    const { anonymised, deleted } = deletionPlan();
    for (const name of deleted) await tx.delete(USER_DATA[name]!.table).where(USER_DATA[name]!.rowsOf(me));
    for (const name of anonymised) await ANONYMISE[name]!(tx, me, placeholder);
    await tx.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, me.id));
    return stored;
  });
  // A live stream checked the session when it opened: end the person's streams on every process now.
  await endLiveStreams(deps, userId);
  // After the commit: a failed transaction must not have removed anything. A file that fails here is logged.
  for (const file of files) {
    await deps.storage.delete(file.key, file.visibility).catch((err: unknown) => {
      deps.log.warn({ err, table: getTableName(uploads) }, 'account deletion: a file could not be removed');
    });
  }
}
