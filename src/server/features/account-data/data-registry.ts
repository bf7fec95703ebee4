/**
 * Every table that holds data about a person (issue 30, ADR 0061): how to find their rows, which
 * fields their export shows, what deleting their account does to the rows, and the data inventory's
 * why / how long / who sees it (docs/security.md). `data-registry.test.ts` reads the Drizzle schema
 * and fails when a table with a user column is in neither USER_DATA nor NOT_USER_DATA, so a new
 * table cannot ship without a decision about people's data.
 */
import { sql } from 'drizzle-orm';
import * as schema from '#server/db/schema';
import {
  allBut,
  hostedBookingRows,
  myBookingIds,
  myConversationIds,
  myGuestBookingIds,
  myPayoutIds,
  type DataSubject,
  type UserDataTable,
} from './data-selectors';

export type { DataSubject };

const { users, bookings } = schema;
const UNTIL_DELETION = 'Until the account is deleted';
const ACCOUNTING =
  "Kept for the books (no automatic end yet: the legal period is the operator's to set); anonymised when the account is deleted";

/** Keyed by the SQL table name. */
export const USER_DATA: Record<string, UserDataTable> = {
  users: {
    table: users,
    rowsOf: (me) => sql`${users.id} = ${me.id}`,
    exportFields: allBut(users, 'deletedAt'),
    onDeletion: 'anonymise',
    why: 'The account: name, email, photo, role; a host request adds a location and an identity document',
    retention: `${UNTIL_DELETION}; then a tombstone ("Deleted user", placeholder email) keeps the id for accounting`,
    visibleTo: 'The person; admins; others see the name and photo on homes, reviews and messages',
  },
  sessions: {
    table: schema.sessions,
    rowsOf: (me) => sql`${schema.sessions.userId} = ${me.id}`,
    exportFields: allBut(schema.sessions, 'token'),
    onDeletion: 'delete',
    why: 'Signed-in browsers and API clients, with their IP address and user agent',
    retention: '7 days after the last use (renewed daily); ended at sign-out, role change or deletion',
    visibleTo: 'Nobody through the app (server logs for operators)',
  },
  accounts: {
    table: schema.accounts,
    rowsOf: (me) => sql`${schema.accounts.userId} = ${me.id}`,
    exportFields: ['id', 'providerId', 'scope', 'createdAt', 'updatedAt'],
    onDeletion: 'delete',
    why: 'How the person signs in: a password hash, or a Google link with its tokens',
    retention: UNTIL_DELETION,
    visibleTo: 'Nobody',
  },
  verifications: {
    table: schema.verifications,
    rowsOf: (me) =>
      sql`${schema.verifications.value} = ${me.id} or position(${me.email} in lower(${schema.verifications.identifier})) > 0`,
    exportFields: ['expiresAt', 'createdAt'],
    onDeletion: 'delete',
    why: 'Short-lived secrets: password reset links, marks of ended sessions',
    retention: 'Until they expire (at most 7 days)',
    visibleTo: 'Nobody',
  },
  homes: {
    table: schema.homes,
    rowsOf: (me) => sql`${schema.homes.hostId} = ${me.id} or lower(${schema.homes.hostEmail}) = ${me.email}`,
    exportFields: allBut(
      schema.homes,
      'apiJson',
      'confirmedNights',
      'upcomingNights',
      'upcomingFrom',
      'ratingSort',
      'seq',
    ),
    onDeletion: 'delete',
    why: "A host's listings (text, pictures, prices, the host's email for reservations)",
    retention: 'Until the host deletes them or their account (bookings keep a copy of title, place and picture)',
    visibleTo: 'Everyone (public listings); the host email only to the host and admins',
  },
  deleted_homes: {
    table: schema.deletedHomes,
    rowsOf: (me) =>
      sql`${schema.deletedHomes.hostId} = ${me.id} or lower(${schema.deletedHomes.hostEmail}) = ${me.email}`,
    exportFields: ['id', 'deletedAt'],
    onDeletion: 'anonymise',
    why: 'Which homes were deleted and by whose owner (a repeated delete answers 0 instead of 404)',
    retention: 'Indefinitely, with the email anonymised when the account is deleted',
    visibleTo: 'Nobody through the app',
  },
  bookings: {
    table: bookings,
    rowsOf: (me) => sql`(${bookings.id} in ${myGuestBookingIds(me)} or ${hostedBookingRows(me)})`,
    exportFields: allBut(
      bookings,
      'stay',
      'paymentIntentId',
      'refundId',
      'refundError',
      'refundAttempts',
      'refundRetryAt',
    ),
    onDeletion: 'anonymise',
    why: "Stays booked (as guest) and hosted: dates, price, the guest's name, email and note, the host's answer and cancel reason",
    retention: `${ACCOUNTING}; the deleted person's own words (note, answer, cancel reason) are erased`,
    visibleTo: 'The guest, the host, admins',
  },
  payment_intents: {
    table: schema.paymentIntents,
    rowsOf: (me) => sql`${schema.paymentIntents.bookingId} in (select id::text from ${myGuestBookingIds(me)} as b(id))`,
    exportFields: [
      'id',
      'bookingId',
      'amountCents',
      'currency',
      'status',
      'cardBrand',
      'cardLast4',
      'billingName',
      'billingEmail',
      'receiptEmail',
      'createdAt',
    ],
    onDeletion: 'anonymise',
    why: "The sandbox card provider's payments: card brand and last four digits, billing name and email",
    retention: ACCOUNTING,
    visibleTo: 'The guest (receipt), admins',
  },
  uploads: {
    table: schema.uploads,
    rowsOf: (me) => sql`${schema.uploads.userId} = ${me.id}`,
    exportFields: ['url', 'visibility', 'createdAt'],
    onDeletion: 'anonymise',
    why: 'Pictures and documents the person uploaded (photo, home pictures, identity document)',
    retention: 'Unused for a day: removed; the photo and document are removed when the account is deleted',
    visibleTo: 'Public pictures: everyone; documents: the uploader and admins',
  },
  conversations: {
    table: schema.conversations,
    rowsOf: (me) => sql`${schema.conversations.id} in ${myConversationIds(me)}`,
    exportFields: [
      'id',
      'kind',
      'homeId',
      'bookingId',
      'guestId',
      'hostId',
      'title',
      'checkIn',
      'checkOut',
      'createdAt',
    ],
    onDeletion: 'keep',
    why: 'Conversations between a guest and a host (an inquiry or a booking)',
    retention: 'As long as the other party keeps their account; the deleted party shows as "Deleted user"',
    visibleTo: 'The two parties; admins reading a dispute (each reading recorded)',
  },
  messages: {
    table: schema.messages,
    // A message moderation removed stays out, unless the person wrote it themselves.
    rowsOf: (me) =>
      sql`${schema.messages.conversationId} in ${myConversationIds(me)}
        and (${schema.messages.hiddenAt} is null or ${schema.messages.senderId} = ${me.id})`,
    exportFields: ['id', 'conversationId', 'senderId', 'body', 'createdAt'],
    onDeletion: 'keep',
    keptText: ['body'],
    why: 'What the parties wrote to each other',
    retention: 'As long as the other party keeps their account; the deleted author shows as "Deleted user"',
    visibleTo: 'The two parties; admins reading a dispute (each reading recorded)',
  },
  conversation_admin_reads: {
    table: schema.conversationAdminReads,
    rowsOf: (me) => sql`${schema.conversationAdminReads.adminId} = ${me.id}`,
    exportFields: ['conversationId', 'readAt'],
    onDeletion: 'keep',
    why: 'Which admin read which conversation and when (accountability)',
    retention: 'Indefinitely (the admin id only)',
    visibleTo: 'Admins',
  },
  audit_log: {
    table: schema.auditLog,
    rowsOf: (me) => sql`${schema.auditLog.actorId} = ${me.id}`,
    exportFields: ['at', 'action', 'targetType', 'targetId', 'note'],
    onDeletion: 'anonymise',
    why: "An admin's actions (who, what, when, why): accountability of the operator (ADR 0059)",
    retention: "Indefinitely; a deleted admin's email and name are erased, the rows stay",
    visibleTo: 'Admins',
  },
  reviews: {
    table: schema.reviews,
    // Reviews received only once published and not removed: the export must not open the double blind.
    rowsOf: (me) =>
      sql`${schema.reviews.authorId} = ${me.id} or (${schema.reviews.subjectUserId} = ${me.id}
        and ${schema.reviews.hiddenAt} is null
        and (${schema.reviews.publishedAt} is not null or ${schema.reviews.publishAt} <= now()))`,
    exportFields: allBut(schema.reviews),
    onDeletion: 'keep',
    keptText: ['text', 'reply'],
    why: 'Reviews written and received (ratings, text, the host reply)',
    retention: 'Indefinitely; the author of a deleted account shows as "Deleted user"',
    visibleTo: 'Everyone once published',
  },
  moderation_reports: {
    table: schema.moderationReports,
    // Reports the person made; reports about them are the operator's record (no name of theirs in them).
    rowsOf: (me) => sql`${schema.moderationReports.reporterId} = ${me.id}`,
    exportFields: ['targetType', 'targetId', 'reason', 'text', 'status', 'createdAt', 'resolvedAt'],
    onDeletion: 'anonymise',
    why: 'Reports of homes, people, messages and reviews, and how an admin resolved them (ADR 0060)',
    retention: "Indefinitely; a deleted reporter's link and own words are erased",
    visibleTo: 'Admins (never the reported person)',
  },
  user_blocks: {
    table: schema.userBlocks,
    rowsOf: (me) => sql`${schema.userBlocks.blockerId} = ${me.id} or ${schema.userBlocks.blockedId} = ${me.id}`,
    exportFields: ['blockerId', 'blockedId', 'createdAt'],
    onDeletion: 'delete',
    why: 'Who the person stopped from messaging them',
    retention: UNTIL_DELETION,
    visibleTo: 'The person who blocked',
  },
  wishlist_items: {
    table: schema.wishlistItems,
    rowsOf: (me) => sql`${schema.wishlistItems.userId} = ${me.id}`,
    exportFields: ['homeId', 'createdAt'],
    onDeletion: 'delete',
    why: 'Homes the person saved',
    retention: UNTIL_DELETION,
    visibleTo: 'The person',
  },
  security_deposits: {
    table: schema.securityDeposits,
    rowsOf: (me) =>
      sql`${schema.securityDeposits.bookingId} in ${myBookingIds(me)} or ${schema.securityDeposits.decidedBy} = ${me.id}`,
    exportFields: allBut(schema.securityDeposits, 'paymentIntentId'),
    onDeletion: 'anonymise',
    why: "A stay's deposit and a host's damage claim (amount, reason), and the admin who decided it",
    retention: `${ACCOUNTING}; a deleted host's claim reason (their own words) is erased`,
    visibleTo: 'The guest, the host, admins',
  },
  ledger_entries: {
    table: schema.ledgerEntries,
    rowsOf: (me) => sql`${schema.ledgerEntries.hostId} = ${me.id}`,
    exportFields: allBut(schema.ledgerEntries),
    onDeletion: 'keep',
    why: "A host's money owed and paid (the host id only; the ledger is append-only)",
    retention: ACCOUNTING,
    visibleTo: 'The host (their payouts), admins (Finance)',
  },
  ledger_transactions: {
    table: schema.ledgerTransactions,
    rowsOf: (me) =>
      sql`${schema.ledgerTransactions.bookingId} in ${myBookingIds(me)} or ${schema.ledgerTransactions.id} in
        (select ${schema.ledgerEntries.transactionId} from ${schema.ledgerEntries} where ${schema.ledgerEntries.hostId} = ${me.id})`,
    exportFields: allBut(schema.ledgerTransactions, 'idempotencyKey'),
    onDeletion: 'keep',
    why: "The money events of the person's stays and payouts (memo: the home's title or a transfer id)",
    retention: ACCOUNTING,
    visibleTo: 'Admins (Finance)',
  },
  jobs: {
    table: schema.jobs,
    rowsOf: (me) => sql`${schema.jobs.kind} = 'mail' and lower(${schema.jobs.payload}->>'to') = ${me.email}`,
    exportFields: ['createdAt', 'doneAt', 'failedAt'],
    onDeletion: 'delete',
    why: 'Mails waiting to be sent (recipient, subject, text); once sent only the subject and domain stay',
    retention: 'Until sent (a few seconds), then pruned; mails to a deleted account are dropped',
    visibleTo: 'Nobody (operators)',
  },
  payout_accounts: {
    table: schema.payoutAccounts,
    rowsOf: (me) => sql`${schema.payoutAccounts.hostId} = ${me.id}`,
    exportFields: ['provider', 'status', 'createdAt', 'updatedAt'],
    onDeletion: 'keep',
    why: "Where a host is paid: the provider's account reference (bank details stay with the provider)",
    retention: ACCOUNTING,
    visibleTo: 'The host, admins',
  },
  payouts: {
    table: schema.payouts,
    rowsOf: (me) => sql`${schema.payouts.hostId} = ${me.id}`,
    exportFields: allBut(schema.payouts),
    onDeletion: 'keep',
    why: 'Payouts made to a host',
    retention: ACCOUNTING,
    visibleTo: 'The host, admins',
  },
  payout_items: {
    table: schema.payoutItems,
    rowsOf: (me) => sql`${schema.payoutItems.payoutId} in ${myPayoutIds(me)}`,
    exportFields: allBut(schema.payoutItems),
    onDeletion: 'keep',
    why: 'What each payout paid (ledger lines and their bookings)',
    retention: ACCOUNTING,
    visibleTo: 'The host, admins',
  },
  payout_connect_reminders: {
    table: schema.payoutConnectReminders,
    rowsOf: (me) => sql`${schema.payoutConnectReminders.hostId} = ${me.id}`,
    exportFields: ['mailedAt'],
    onDeletion: 'delete',
    why: 'That a host was mailed to connect a payout account (once)',
    retention: UNTIL_DELETION,
    visibleTo: 'Nobody',
  },
  sandbox_payout_accounts: {
    table: schema.sandboxPayoutAccounts,
    rowsOf: (me) => sql`${schema.sandboxPayoutAccounts.hostId} = ${me.id}`,
    exportFields: ['id', 'holderName', 'accountLast4', 'status', 'createdAt'],
    onDeletion: 'anonymise',
    why: "The sandbox payout provider's test account: holder name, last four digits",
    retention: ACCOUNTING,
    visibleTo: 'The host',
  },
};

/** Tables a user column points at but that hold nothing personal, with the reason. */
export const NOT_USER_DATA: Record<string, string> = {
  home_price_stats: '`total_guest` is how many guests a home takes (counts per price for the histogram), not a person',
  calendar_imports: "`name` is the imported channel's label (e.g. Airbnb), not a person's; rows go with their home",
  price_periods: "`name` is the host's label for a season (e.g. High season), not a person's; rows go with their home",
};

/** A column that names, identifies or reaches a person (data-registry.test.ts and the deletion scan). */
export const PERSONAL_COLUMN =
  /(^|_)(user|users|email|name|author|guest|host|sender|subject|admin|owner|reporter|reported|blocker|blocked|actor|decided_by|holder|billing|receipt)(_|$)/;
