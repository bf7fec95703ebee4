import { describe, expect, it } from 'vitest';
import type { MailMessage } from './mail';
import { mailQueue } from './mail-queue';

const message = (n: number): MailMessage => ({ to: `person-${n}@example.test`, subject: `Mail ${n}`, text: 'Hi' });

describe('mailQueue', () => {
  it('returns at once and sends in order in the background', async () => {
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = mailQueue({
      async send(m) {
        await gate;
        sent.push(m.subject);
      },
    });
    await queue.send(message(1));
    await queue.send(message(2));
    expect(sent).toEqual([]);
    expect(queue.pending).toBe(2);
    release();
    await queue.drained();
    expect(sent).toEqual(['Mail 1', 'Mail 2']);
    expect(queue.pending).toBe(0);
    await queue.send(message(3));
    await queue.drained();
    expect(sent).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);
  });

  it('retries a failed send, then logs it by the domain only and goes on', async () => {
    const tries: string[] = [];
    const logged: unknown[] = [];
    const queue = mailQueue(
      {
        async send(m) {
          tries.push(m.subject);
          if (m.subject === 'Mail 1') throw new Error('SMTP down');
        },
      },
      {
        attempts: 3,
        retryDelayMs: 1,
        log: { error: (o) => logged.push(o), warn: () => {} },
      },
    );
    await queue.send(message(1));
    await queue.send(message(2));
    await queue.drained();
    expect(tries).toEqual(['Mail 1', 'Mail 1', 'Mail 1', 'Mail 2']);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('person-1@');
    expect(logged[0]).toMatchObject({ to: 'example.test', attempts: 3 });
  });
});
