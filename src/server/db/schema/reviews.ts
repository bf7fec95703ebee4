import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';
import { homes } from './homes';

export const REVIEW_AUTHOR_ROLES = ['guest', 'host'] as const;

/**
 * Two-sided reviews of a confirmed stay (ADR 0018): the guest reviews the home (`author_role`
 * guest, with the four category ratings) and the host reviews the guest (`author_role` host).
 * `subject_user_id` is who is reviewed: the home's host for a guest's review, the guest for a
 * host's review. Double-blind: a review is visible once `published_at` is set (both have written)
 * or `publish_at` (the end of the 14-day window) has passed; the reviews job then sets
 * `published_at`, which the rating trigger on homes follows.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    homeId: uuid('home_id').references(() => homes.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: REVIEW_AUTHOR_ROLES }).notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: text('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    overall: integer('overall').notNull(),
    cleanliness: integer('cleanliness'),
    accuracy: integer('accuracy'),
    location: integer('location'),
    value: integer('value'),
    text: text('text').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The end of the review window: the review is visible from then on even if the other side never wrote. */
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Removed by moderation (issue 30): kept for the record, shown to nobody, not in the home's rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_booking_author_unique').on(t.bookingId, t.authorRole),
    index('reviews_home_idx')
      .on(t.homeId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.authorRole} = 'guest'`),
    index('reviews_subject_idx').on(t.subjectUserId, t.authorRole, t.createdAt.desc()),
    index('reviews_unpublished_idx')
      .on(t.publishAt)
      .where(sql`${t.publishedAt} is null`),
    check('reviews_author_role_valid', sql`${t.authorRole} in ('guest', 'host')`),
    check(
      'reviews_ratings_range',
      sql`${t.overall} between 1 and 5 and coalesce(${t.cleanliness}, 1) between 1 and 5
        and coalesce(${t.accuracy}, 1) between 1 and 5 and coalesce(${t.location}, 1) between 1 and 5
        and coalesce(${t.value}, 1) between 1 and 5`,
    ),
    check(
      'reviews_categories_by_role',
      sql`(${t.authorRole} = 'guest') = (${t.cleanliness} is not null and ${t.accuracy} is not null
        and ${t.location} is not null and ${t.value} is not null)`,
    ),
    check('reviews_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    check('reviews_reply_length', sql`${t.reply} is null or char_length(${t.reply}) between 1 and 1000`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;

/** Homes a user saved (the heart); removing the home removes it from every wishlist. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.homeId] }),
    index('wishlist_items_user_idx').on(t.userId, t.createdAt.desc()),
    index('wishlist_items_home_idx').on(t.homeId),
  ],
);
