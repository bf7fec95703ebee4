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
