import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { jobs } from '#server/db/schema';
import { createTestDatabase } from '#server/test/test-database';
import type { MailMessage, MailProvider } from './mail';
import { mailQueue, type MailQueue } from './mail-queue';

const message = (n: number): MailMessage => ({ to: `person-${n}@example.test`, subject: `Mail ${n}`, text: 'Hi' });

let database: Database;
const queues: MailQueue[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
  await database.db.delete(jobs);
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await database.close();
});

function start(provider: MailProvider, options: Partial<Parameters<typeof mailQueue>[1]> = {}) {
  const queue = mailQueue(provider, { db: database.db, pollMs: 50, ...options });
  queues.push(queue);
  return queue;
}

const mailRows = () =>
  database.db
    .select({ payload: jobs.payload, doneAt: jobs.doneAt, failedAt: jobs.failedAt, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.kind, 'mail'));

describe('mailQueue', () => {
  it('returns once the mail is stored, and sends in order in the background', async () => {
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = start({
      async send(m) {
        await gate;
        sent.push(m.subject);
      },
    });
    await queue.send(message(1));
    await queue.send(message(2));
    expect(sent).toEqual([]);
    expect(await mailRows()).toHaveLength(2);
    release();
    await queue.drained();
    expect(sent).toEqual(['Mail 1', 'Mail 2']);
    await queue.send(message(3));
    await queue.drained();
    expect(sent).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);
    // A sent mail keeps only its subject and the recipient's domain.
    const rows = await mailRows();
    expect(rows.every((r) => r.doneAt)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('person-');
  });

  it('retries a failed send, then keeps it as failed, logs it by the domain only and goes on', async () => {
    const tries: string[] = [];
    const logged: unknown[] = [];
    const queue = start(
      {
        async send(m) {
          tries.push(m.subject);
          if (m.subject === 'Mail 1') throw new Error('SMTP down');
        },
      },
      { attempts: 3, retryDelayMs: 1, log: { error: (o) => logged.push(o), warn: () => {} } },
    );
    await queue.send(message(1));
    await queue.send(message(2));
    await queue.drained();
    expect(tries.filter((s) => s === 'Mail 1')).toHaveLength(3);
    expect(tries.filter((s) => s === 'Mail 2')).toHaveLength(1);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('person-1@');
    expect(logged[0]).toMatchObject({ to: 'example.test', attempts: 3 });
    const failed = (await mailRows()).filter((r) => r.failedAt);
    expect(failed).toEqual([
      expect.objectContaining({ lastError: 'SMTP down', payload: { to: 'example.test', subject: 'Mail 1' } }),
    ]);
  });

  it('two processes on one database send each mail exactly once', async () => {
    const sentBy: string[][] = [[], []];
    const slowly = (i: number): MailProvider => ({
      async send(m) {
        await new Promise((r) => setTimeout(r, 2));
        sentBy[i]!.push(m.subject);
      },
    });
    const a = start(slowly(0));
    const b = start(slowly(1));
    for (let n = 0; n < 20; n++) await (n % 2 ? a : b).send(message(n));
    await Promise.all([a.drained(), b.drained()]);
    const all = [...sentBy[0]!, ...sentBy[1]!].sort();
    expect(all).toEqual(Array.from({ length: 20 }, (_, n) => `Mail ${n}`).sort());
  });

  it('a mail written in a transaction is sent only when it commits', async () => {
    const sent: string[] = [];
    const queue = start({ send: async (m) => void sent.push(m.subject) });
    await database.db
      .transaction(async (tx) => {
        await queue.send(message(1), tx);
        throw new Error('the change failed');
      })
      .catch(() => {});
    await database.db.transaction((tx) => queue.send(message(2), tx));
    await queue.drained();
    expect(sent).toEqual(['Mail 2']);
  });

  it('sends a mail that a dead process had claimed once its lease ends', async () => {
    await database.db.insert(jobs).values({
      kind: 'mail',
      payload: message(7),
      attempts: 1,
      lockedBy: 'gone:1:abc',
      lockedUntil: sql`now() + interval '3 seconds'`,
    });
    const sent: string[] = [];
    const queue = start({ send: async (m) => void sent.push(m.subject) });
    await new Promise((r) => setTimeout(r, 500));
    expect(sent).toEqual([]); // still its lease
    await queue.drained();
    expect(sent).toEqual(['Mail 7']);
  });
});

describe('pending mail: accepted in the change’s transaction, worded after its commit', () => {
  const recording = () => {
    const sent: MailMessage[] = [];
    return { sent, provider: { send: async (m: MailMessage) => void sent.push(m) } satisfies MailProvider };
  };

  it('rolls back with the transaction: nothing is kept or sent', async () => {
    const { sent, provider } = recording();
    const queue = start(provider);
    await expect(
      database.db.transaction(async (tx) => {
        await queue.sendPending(message(1), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailRows()).toEqual([]);
    await queue.drained();
    expect(sent).toEqual([]);
  });

  it('waits for its wording; settled, it goes out at once as settled, and settled as nothing it never does', async () => {
    const { sent, provider } = recording();
    const queue = start(provider, { pendingMs: 600_000 });
    const [first, second] = await database.db.transaction(async (tx) => [
      await queue.sendPending(message(1), tx),
      await queue.sendPending(message(2), tx),
    ]);
    // A mail accepted after them is sent while they wait.
    await queue.send(message(3));
    await expect.poll(() => sent.map((m) => m.subject)).toEqual(['Mail 3']);

    expect(await first!.settle({ ...message(1), text: 'The refund went through.' })).toBe(true);
    expect(await second!.settle(null)).toBe(true);
    await queue.drained();
    expect(sent.map((m) => [m.subject, m.text])).toEqual([
      ['Mail 3', 'Hi'],
      ['Mail 1', 'The refund went through.'],
    ]);
    expect(await mailRows()).toHaveLength(2);
  });

  it('never settled (its process died): another process sends the fallback once the wait is over', async () => {
    const dead = recording();
    const writer = start(dead.provider, { pendingMs: 300 });
    const pending = await database.db.transaction((tx) => writer.sendPending(message(1), tx));
    await writer.stop();
    const alive = recording();
    start(alive.provider);
    await expect.poll(() => alive.sent.map((m) => [m.subject, m.text])).toEqual([['Mail 1', 'Hi']]);
    // Too late now: the fallback went out, and nothing replaces it.
    expect(await pending.settle({ ...message(1), text: 'Too late' })).toBe(false);
    expect(alive.sent).toHaveLength(1);
    expect(dead.sent).toEqual([]);
  });
});
