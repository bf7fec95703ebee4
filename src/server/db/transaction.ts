/**
 * Transactions that PostgreSQL may end to break a deadlock (40P01) or a serialization failure
 * (40001) are run again. The lock order of ADR 0029 keeps deadlocks out of the booking paths;
 * this is the last defence for a path that still meets one, so a caller sees an answer, not a 500.
 */
import { sqlState, type Db } from './client';

/** What PostgreSQL asks a client to retry: the whole transaction was rolled back. */
const RETRYABLE_STATES: ReadonlySet<string> = new Set(['40P01', '40001']);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface RetryOptions {
  /** Runs in all, the first included (default 3). */
  attempts?: number;
  /** Longest pause before a retry, in ms; the pause is random in [0, max) so retries spread out (default 50). */
  maxDelayMs?: number;
}

/**
 * Runs `fn` in a transaction; when it ends in 40P01 or 40001, runs it again (at most `attempts` runs,
 * after a random pause). `fn` must only change the database: a retry runs it again from the start.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  const maxDelayMs = options.maxDelayMs ?? 50;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE_STATES.has(sqlState(err) ?? '')) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * maxDelayMs));
    }
  }
}
