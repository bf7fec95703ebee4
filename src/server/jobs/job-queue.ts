/**
 * The durable work queue in the database (table `jobs`, ADR 0046): mails accepted for sending and
 * the leases of the periodic jobs. Every claim is an `UPDATE … WHERE id IN (SELECT … FOR UPDATE
 * SKIP LOCKED)`, so with several processes on one PostgreSQL database each row goes to exactly one
 * of them and none waits for another. A claim is a lease (`locked_until`) renewed while its work
 * runs: a process that dies (kill -9, a lost machine) stops renewing and the row is free again once
 * its lease ends. Times are the database's (`now()`), the one clock all processes share.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { jobs } from '#server/db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a row is written: the pool, or the caller's transaction (it commits with the caller's change). */
export type DbOrTx = Db | Tx;

/** This process among all that share the database (in `locked_by`, for whoever reads the table). */
const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const msFromNow = (ms: number) => sql`now() + ${`${Math.max(0, Math.round(ms))} milliseconds`}::interval`;
const free = or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`));
const open = and(isNull(jobs.doneAt), isNull(jobs.failedAt));

export interface ClaimedRow {
  id: string;
  payload: unknown;
  /** Tries begun, this one included. */
  attempts: number;
}

/** Adds one mail row, due now or `delayMs` from now; answers its id. */
export async function enqueueMailRow(db: DbOrTx, payload: unknown, delayMs = 0): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({ kind: 'mail', payload, ...(delayMs > 0 ? { runAt: msFromNow(delayMs) } : {}) })
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * A mail row no worker has tried yet gets `payload` and is due now, or is deleted (`payload` null).
 * False when a worker claimed it first (it was due already), or it does not exist (not committed).
 */
export async function settleMailRow(db: Db, id: string, payload: unknown): Promise<boolean> {
  const untried = and(eq(jobs.id, id), eq(jobs.kind, 'mail'), eq(jobs.attempts, 0), open);
  const rows =
    payload === null
      ? await db.delete(jobs).where(untried).returning({ id: jobs.id })
      : await db
          .update(jobs)
          .set({ payload, runAt: sql`now()` })
          .where(untried)
          .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Claims up to `limit` due mail rows, oldest first, for `leaseMs`; rows another process holds are skipped. */
export async function claimMailRows(db: Db, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), open, lte(jobs.runAt, sql`now()`), free))
    .orderBy(asc(jobs.runAt), asc(jobs.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({ lockedBy: PROCESS_ID, lockedUntil: msFromNow(leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning({ id: jobs.id, payload: jobs.payload, attempts: jobs.attempts, runAt: jobs.runAt });
  // UPDATE … RETURNING does not keep the subquery's order.
  return rows
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime())
    .map(({ id, payload, attempts }) => ({ id, payload, attempts }));
}

/** Ends a claimed row: `done` (sent) or `failed` (given up), leaving `payload` as the trace to keep. */
export async function finishRow(db: Db, id: string, outcome: 'done' | 'failed', trace: unknown, error?: string) {
  await db
    .update(jobs)
    .set({
      payload: trace,
      lockedBy: null,
      lockedUntil: null,
      lastError: error ?? null,
      ...(outcome === 'done' ? { doneAt: sql`now()` } : { failedAt: sql`now()` }),
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, PROCESS_ID)));
}

/** Frees a claimed row to be tried again in `delayMs` (by any process). */
export async function retryRowLater(db: Db, id: string, delayMs: number, error: string) {
  await db
    .update(jobs)
    .set({ runAt: msFromNow(delayMs), lockedBy: null, lockedUntil: null, lastError: error })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, PROCESS_ID)));
}

/** Renews this process's leases on `ids` (or on the periodic job `name`) for another `leaseMs`. */
async function renew(db: Db, where: ReturnType<typeof eq>, leaseMs: number) {
  await db
    .update(jobs)
    .set({ lockedUntil: msFromNow(leaseMs) })
    .where(and(where, eq(jobs.lockedBy, PROCESS_ID)));
}

/**
 * Runs `fn` while renewing the lease on `ids` every third of `leaseMs`, so a long send or pass keeps
 * its rows; a renewal that fails (database unreachable) is retried at the next tick.
 */
export async function whileLeased<T>(db: Db, ids: string[], leaseMs: number, fn: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void renew(db, inArray(jobs.id, ids), leaseMs).catch(() => {}), leaseMs / 3);
  timer.unref();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}

interface RunOnceOptions {
  /** How long a pass holds the job without renewing (renewed every third of it while it runs). */
  leaseMs?: number;
}

/**
 * "Run once across nodes": runs `pass` only when no other process is running the periodic job
 * `name` (its row's lease is free), answering `{ ran: false }` at once otherwise. The shape of
 * `JobOptions.exclusive` (app-context.ts), which `startPeriodicJob` calls on each pass.
 */
export function runExclusively(db: Db, name: string, options: RunOnceOptions = {}) {
  const leaseMs = options.leaseMs ?? 60_000;
  return async <T>(pass: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> => {
    await db.insert(jobs).values({ kind: 'periodic', name }).onConflictDoNothing({ target: jobs.name });
    const mine = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, name), free))
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobs)
      .set({ lockedBy: PROCESS_ID, lockedUntil: msFromNow(leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, mine))
      .returning({ id: jobs.id });
    if (!claimed.length) return { ran: false };
    try {
      const value = await whileLeased(db, [claimed[0]!.id], leaseMs, pass);
      return { ran: true, value };
    } finally {
      await db
        .update(jobs)
        .set({ lockedBy: null, lockedUntil: null, doneAt: sql`now()` })
        .where(and(eq(jobs.name, name), eq(jobs.lockedBy, PROCESS_ID)));
    }
  };
}

/**
 * Frees every lease at start-up when this process is the only one on the database (PGlite): what a
 * killed process held is taken up at once instead of when its lease ends.
 */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null })
    .where(sql`${jobs.lockedUntil} is not null`);
}

/** Sent mail rows older than `days` are deleted (their trace is kept that long); failed ones stay. */
export async function pruneDoneRows(db: Db, days: number): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(and(eq(jobs.kind, 'mail'), lt(jobs.doneAt, sql`now() - ${`${days} days`}::interval`)))
    .returning({ id: jobs.id });
  return gone.length;
}
