import type { MailMessage, MailProvider } from './mail';

export interface MailQueue extends MailProvider {
  /** Queues the message and returns at once; the provider sends it in the background, in order. */
  send(message: MailMessage): Promise<void>;
  /** Resolves once every message queued so far has been handed to the provider (or given up on). */
  drained(): Promise<void>;
  /** Messages waiting or being sent. */
  readonly pending: number;
}

export interface MailQueueOptions {
  /** Tries per message (the first included) before it is logged as lost. */
  attempts?: number;
  /** Wait before the second try; doubled each time. */
  retryDelayMs?: number;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/** The recipient's domain only: logs never carry whole addresses. */
const domainOf = (to: string) => to.slice(to.lastIndexOf('@') + 1);

/**
 * Sends mail off the request path: a request that mails (password reset,
 * verification) answers as fast whether or not a mail goes out, and a slow
 * SMTP server never slows it. One message is sent at a time, in order; a
 * failed send is retried with a growing delay, then logged. In-process only:
 * messages still queued when the process dies are lost (`drained()` on
 * shutdown waits for them).
 */
export function mailQueue(provider: MailProvider, options: MailQueueOptions = {}): MailQueue {
  const attempts = options.attempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const queue: MailMessage[] = [];
  let running: Promise<void> | null = null;
  let sending = 0;

  async function deliver(message: MailMessage) {
    for (let attempt = 1; ; attempt++) {
      try {
        await provider.send(message);
        return;
      } catch (err) {
        if (attempt >= attempts) {
          options.log?.error(
            { err, to: domainOf(message.to), subject: message.subject, attempts },
            'mail could not be sent',
          );
          return;
        }
        options.log?.warn({ err, to: domainOf(message.to), attempt }, 'mail send failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
      }
    }
  }

  async function work() {
    // Yield first, so the caller's request goes on while the provider sends.
    await Promise.resolve();
    for (let message = queue.shift(); message; message = queue.shift()) {
      sending = 1;
      await deliver(message);
      sending = 0;
    }
  }

  function run() {
    if (running) return;
    running = work().finally(() => {
      running = null;
      sending = 0;
      // A message queued while the last one finished is picked up by a new run.
      if (queue.length) run();
    });
  }

  return {
    async send(message) {
      queue.push(message);
      run();
    },
    async drained() {
      while (running) await running;
    },
    get pending() {
      return queue.length + sending;
    },
  };
}
