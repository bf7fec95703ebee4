/**
 * The test app of a cancellation-mail file (ADR 0046): a real SMTP inbox, and the sandbox payment
 * provider behind a gate that makes its refunds and intent cancellations wait while closed (a slow
 * provider), so a test can look at the mail queue while the refund is being asked for. The gate
 * opens after each test. Call once at a test file's top level, as `useTestApp`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { jobs } from '#server/db/schema';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { bookStay } from './booking-test-helpers';
import { insertHome } from './factories';
import { useSmtpInbox } from './smtp-inbox';
import { useTestApp, type SignedIn } from './test-app';

/** While closed, the provider's calls wait in `waiting` until `open()`. */
interface ProviderGate {
  closed: boolean;
  waiting: (() => void)[];
  pass(): Promise<void>;
  open(): void;
}

function providerGate(): ProviderGate {
  return {
    closed: false,
    waiting: [],
    async pass() {
      if (this.closed) await new Promise<void>((resolve) => this.waiting.push(resolve));
    },
    open() {
      this.closed = false;
      this.waiting.splice(0).forEach((go) => go());
    },
  };
}

export function useCancellationMailApp() {
  const gate = providerGate();
  const inbox = useSmtpInbox();
  const t = useTestApp(({ db, clock }) => {
    const sandbox = sandboxPayments({ db, clock });
    return {
      mail: inbox.provider(),
      payments: {
        ...sandbox,
        refund: async (...args: Parameters<typeof sandbox.refund>) => {
          await gate.pass();
          return sandbox.refund(...args);
        },
        cancelIntent: async (id: string) => {
          await gate.pass();
          return sandbox.cancelIntent(id);
        },
      },
    };
  });
  afterEach(() => gate.open());

  /**
   * A new home of `host` titled `title` (at $100 a night) and a stay `guest` booked there from
   * 2027-01-10 to `checkOut`; its confirmation mails are already out, so only later mails are read.
   */
  async function bookedStay(host: SignedIn, guest: SignedIn, title: string, checkOut: string) {
    const home = await insertHome(t.db, {
      hostId: host.user.id,
      hostEmail: host.user.email,
      priceCents: 10_000,
      title,
    });
    const stay = await bookStay(t.app, guest, { homeId: home.id, checkIn: '2027-01-10', checkOut });
    await t.app.mailQueue.drained();
    return { title, home, bookingId: stay.bookingId };
  }

  /** The mail queue's rows whose subject is `like` `subjectLike` (SQL LIKE), sent or not: a sent row keeps it. */
  const queuedMails = (subjectLike: string) =>
    t.db
      .select({ to: sql<string | null>`${jobs.payload}->>'to'`, text: sql<string | null>`${jobs.payload}->>'text'` })
      .from(jobs)
      .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'subject' like ${subjectLike}`));

  return { t, inbox, gate, bookedStay, queuedMails };
}
