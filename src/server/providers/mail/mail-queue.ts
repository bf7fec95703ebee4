import type { Db } from '#server/db/client';
import { jobs } from '#server/db/schema';
import {
  claimMailRows,
  enqueueMailRow,
  finishRow,
  pruneDoneRows,
  retryRowLater,
  settleMailRow,
  whileLeased,
  type ClaimedRow,
  type DbOrTx,
} from '#server/jobs/job-queue';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MailMessage, MailProvider } from './mail';

/**
 * Where the app's services hand their mail: the durable queue (ADR 0046). `tx` writes the mail in the
 * caller's transaction, so it is accepted exactly when the change that causes it commits.
 */
export interface MailSender {
  send(message: MailMessage, tx?: DbOrTx): Promise<void>;
}

/** A MailSender that also takes mail worded after the commit (the bookings' cancellations; the queue is one). */
export interface PendingMailSender extends MailSender {
  /**
   * Accepts in `tx` a mail whose wording depends on what the caller does after the commit (a
   * cancellation's refund, asked of the payment provider outside the transaction): `fallback` is
   * written with the change and held back (`pendingMs`) until the caller settles it. A caller that
   * never does (its process died) leaves the fallback, which is then sent: the mail is not lost.
   */
  sendPending(fallback: MailMessage, tx: DbOrTx): Promise<PendingMail>;
}

/** A mail accepted by `sendPending`, waiting for its final wording. */
export interface PendingMail {
  /**
   * After the commit: sends `message` instead of the fallback, at once, or nothing (`null`). False
   * when it comes too late (the wait was over and a worker took the fallback) or before the commit.
   */
  settle(message: MailMessage | null): Promise<boolean>;
}

export interface MailQueue extends MailProvider, PendingMailSender {
  /**
   * Accepts the message for sending: writes it to the `jobs` table (in `tx` when given, so it
   * commits or rolls back with the caller's change) and returns; a worker sends it.
   */
  send(message: MailMessage, tx?: DbOrTx): Promise<void>;
  /** Resolves once every mail in the table is sent or given up on (tests; shutdown does not wait for it). */
  drained(): Promise<void>;
  /** Stops the worker and waits for the mail being sent; the others stay in the table for the next start. */
  stop(): Promise<void>;
}

export interface MailQueueOptions {
  db: Db;
  /** Tries per message (the first included) before it is marked failed. */
  attempts?: number;
  /** Wait before the second try; doubled each time, at most `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** How often the worker looks for mail accepted by other processes, retries that are due, and mail left by a crash. */
  pollMs?: number;
  /** How long a claimed mail stays this process's without renewal (renewed while it is being sent). */
  leaseMs?: number;
  /**
   * How long a pending mail (`sendPending`) waits to be settled before its fallback is sent: longer
   * than the payment provider calls a cancellation makes after its commit (Stripe: 20 s, 2 retries).
   */
  pendingMs?: number;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/** The recipient's domain only: logs and the kept trace never carry whole addresses. */
const domainOf = (to: string) => to.slice(to.lastIndexOf('@') + 1);
const traceOf = (m: MailMessage) => ({ to: domainOf(m.to), subject: m.subject });
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
const DAY_MS = 86_400_000;

/** The handle of the pending mail row `id`; `kick` starts the worker once it is due. */
function pendingMail(
  db: Db,
  id: string,
  trace: ReturnType<typeof traceOf>,
  kick: () => void,
  log: MailQueueOptions['log'],
): PendingMail {
  return {
    async settle(message) {
      const settled = await settleMailRow(db, id, message);
      if (settled && message) kick();
      if (!settled) log?.warn({ jobId: id, ...trace }, 'pending mail settled too late or not committed');
      return settled;
    },
  };
}

/**
 * Sends mail off the request path and durably (ADR 0046): `send` only writes the mail to the
 * database, so a request that mails (verification, password reset) answers as fast whether or not
 * a mail goes out, and a mail accepted survives a crash. The worker sends one mail at a time,
 * oldest first; a failed send is tried again later with a growing delay (by whichever process
 * claims it then), and after the last try the row stays with `failed_at` and the error logged.
 */
export function mailQueue(provider: MailProvider, options: MailQueueOptions): MailQueue {
  const { db, log } = options;
  const attempts = options.attempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 600_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const pendingMs = options.pendingMs ?? 10 * 60_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let prunedAt = 0;

  async function deliver(row: ClaimedRow) {
    const message = row.payload as MailMessage;
    try {
      await whileLeased(db, [row.id], leaseMs, () => provider.send(message));
      await finishRow(db, row.id, 'done', traceOf(message));
    } catch (err) {
      const trace = traceOf(message);
      if (row.attempts >= attempts) {
        await finishRow(db, row.id, 'failed', trace, errorText(err));
        log?.error({ err, ...trace, attempts: row.attempts, jobId: row.id }, 'mail could not be sent');
        return;
      }
      const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (row.attempts - 1));
      await retryRowLater(db, row.id, delay, errorText(err));
      log?.warn({ err, to: trace.to, attempt: row.attempts, retryInMs: delay }, 'mail send failed; retrying');
    }
  }

  async function work() {
    // Yield first, so the caller's request goes on while the provider sends.
    await Promise.resolve();
    do {
      again = false;
      for (let [row] = await claimMailRows(db, 1, leaseMs); row; [row] = await claimMailRows(db, 1, leaseMs)) {
        await deliver(row);
        if (stopped) return;
      }
    } while (again && !stopped);
    if (Date.now() - prunedAt > DAY_MS / 24) {
      prunedAt = Date.now();
      await pruneDoneRows(db, 7);
    }
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = work()
      .catch((err: unknown) => log?.error({ err }, 'mail queue: pass failed; trying again at the next poll'))
      .finally(() => {
        running = null;
        // A mail accepted just as the last pass ended is not left for the next poll.
        if (again) kick();
      });
  }

  const poll = setInterval(kick, options.pollMs ?? 1_000);
  poll.unref();
  kick();

  async function openRows(): Promise<{ count: number; waitMs: number }> {
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        waitMs: sql<number>`coalesce(extract(epoch from min(${jobs.runAt}) - now()) * 1000, 0)::int`,
      })
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), isNull(jobs.doneAt), isNull(jobs.failedAt)));
    return row ?? { count: 0, waitMs: 0 };
  }

  return {
    async send(message, tx) {
      await enqueueMailRow(tx ?? db, message);
      // In a transaction the row is not visible before the caller commits: the next poll takes it.
      if (!tx) kick();
    },
    async sendPending(fallback, tx) {
      return pendingMail(db, await enqueueMailRow(tx, fallback, pendingMs), traceOf(fallback), kick, log);
    },
    async drained() {
      for (;;) {
        kick();
        while (running) await running;
        const open = await openRows();
        if (!open.count || stopped) return;
        await new Promise((r) => setTimeout(r, Math.min(1_000, Math.max(10, open.waitMs))));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      while (running) await running;
    },
  };
}
