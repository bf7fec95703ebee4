import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from '#shared/schemas/moderation';
import { users } from './accounts';

/**
 * A user's report of a home, a user, a message or a review (issue 30, ADR 0060). `target_id` is
 * text (homes and reviews have uuids, messages bigints, users text ids), so it has no foreign key:
 * the report outlives what it names, for the record. One open report per reporter and target.
 * `reporter_id` holds a user's data (export/deletion cover it).
 */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    action: text('action', { enum: REPORT_ACTIONS }),
    note: text('note'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('moderation_reports_open_unique')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('moderation_reports_target_idx').on(t.targetType, t.targetId, t.status),
    index('moderation_reports_status_idx').on(t.status, t.createdAt),
    check('moderation_reports_status_valid', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    check('moderation_reports_text_length', sql`${t.text} is null or char_length(${t.text}) <= 1000`),
  ],
);

export type ModerationReportRow = typeof moderationReports.$inferSelect;

/** `blocker_id` no longer receives messages from `blocked_id` (issue 30). Both columns are users' data. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
