/**
 * Two sessions on one PostgreSQL database for lock-order tests (ADR 0029): one that holds a home's row
 * as a hold does, and a wait until the app's call queues behind it.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { sqlState, type Db } from '../db/client';
import { lockHome, type Tx } from '../features/calendar/availability';

/**
 * Another session that has locked the home's row, as a hold does first. `finish(step)` runs the rest
 * of its transaction; answers 'done' or the SQLSTATE it ended with.
 */
export async function sessionHoldingHome(db: Db, homeId: string) {
  let go!: (step: (tx: Tx) => Promise<unknown>) => void;
  const next = new Promise<(tx: Tx) => Promise<unknown>>((resolve) => (go = resolve));
  let locked!: () => void;
  const haveLock = new Promise<void>((resolve) => (locked = resolve));
  const outcome = db
    .transaction(async (tx) => {
      // This session notices a deadlock long before the app's (1 s), so it is the one PostgreSQL ends.
      await tx.execute(sql`set local deadlock_timeout = '20ms'`);
      await lockHome(tx, homeId);
      locked();
      await (
        await next
      )(tx);
    })
    .then(
      () => 'done',
      (err: unknown) => sqlState(err) ?? String(err),
    );
  await haveLock;
  return {
    finish: (step: (tx: Tx) => Promise<unknown>) => {
      go(step);
      return outcome;
    },
  };
}

/** Resolves once a session of this database waits on a lock (the app's call behind the other session). */
export async function lockWaitSeen(db: Db) {
  await expect
    .poll(
      async () => {
        const { rows } = (await db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return Number(rows[0]?.n);
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBeGreaterThan(0);
}
