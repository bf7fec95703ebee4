import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The durable work queue (src/server/jobs/job-queue.ts, ADR 0046). One table for two kinds of row:
 * - `mail`: one mail accepted for sending (`payload` = the message). A worker on any process claims
 *   due rows with `FOR UPDATE SKIP LOCKED`, so each mail is sent by one process, after a crash too;
 *   a failed send waits `run_at` and is tried again, and after the last try it stays with `failed_at`.
 * - `periodic`: one row per background job (`name`), whose lease (`locked_by` until `locked_until`)
 *   lets one process at a time run a pass.
 * A lease that is not renewed (its process died) ends by itself at `locked_until`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['mail', 'periodic'] }).notNull(),
    /** A periodic job's name; null for mail. */
    name: text('name'),
    /** The mail to send; once sent or given up, only its subject and the recipient's domain stay. */
    payload: jsonb('payload'),
    runAt: at('run_at').notNull().defaultNow(),
    /** Tries begun so far. */
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    doneAt: at('done_at'),
    failedAt: at('failed_at'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_name_unique').on(t.name),
    index('jobs_due_idx')
      .on(t.kind, t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    check('jobs_kind_valid', sql`${t.kind} in ('mail', 'periodic')`),
    check('jobs_periodic_named', sql`(${t.kind} = 'periodic') = (${t.name} is not null)`),
  ],
);
