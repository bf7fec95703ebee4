import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Every picture or document made by POST /api/uploads, so the uploads sweeper can remove the ones
 * nothing refers to (no home, booking or user) once they are a day old. `keys` are the storage keys
 * of its files (a public picture has two sizes); `url` is what the upload answered.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    keys: text('keys').array().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploads_url_unique').on(t.url),
    index('uploads_created_at_idx').on(t.createdAt),
    check('uploads_visibility_valid', sql`${t.visibility} in ('public', 'private')`),
  ],
);
