/**
 * The unread-message mail: when a message has waited unread for MESSAGE_MAIL_DELAY_MS, its
 * recipient gets a mail, at most one per conversation per recipient per hour. Runs in the
 * background job runner under its lease in the `jobs` table (main.ts), so N processes send it once; each
 * mail is also claimed by a guarded UPDATE, in the transaction that queues the mail (ADR 0046), so even
 * two passes at once never send twice and a crash loses none.
 */
import { isDeletedUserEmail } from '#shared/emails';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { JobOptions } from '#server/app-context';
import { conversations, messages, users } from '#server/db/schema';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import type { MailSender } from '#server/providers/mail/mail-queue';
import { ownWords, quoted } from '#server/providers/mail/user-text';
import type { MessageDeps } from './messages-model';

const DEFAULT_MESSAGE_MAIL_DELAY_MS = 5 * 60_000;
const MAIL_AT_MOST_EVERY_MS = 60 * 60_000;

export interface MailerDeps extends MessageDeps {
  /** The durable mail queue (ADR 0046): each mail is queued in the transaction that claims it. */
  mail?: MailSender;
  publicUrl?: string;
}

type Side = 'guest' | 'host';

/** Conversations where `side` has messages from the other party, unread and not mailed, older than the delay. */
async function pending(deps: MailerDeps, side: Side, now: Date, delayMs: number, limit: number) {
  const c = conversations;
  const recipient = side === 'guest' ? c.guestId : c.hostId;
  const sender = side === 'guest' ? c.hostId : c.guestId;
  const readUpTo = side === 'guest' ? c.guestReadUpTo : c.hostReadUpTo;
  const mailedUpTo = side === 'guest' ? c.guestMailedUpTo : c.hostMailedUpTo;
  const mailedAt = side === 'guest' ? c.guestMailedAt : c.hostMailedAt;
  return deps.db
    .select({
      id: c.id,
      title: c.title,
      recipientId: recipient,
      upTo: sql<string>`max(${messages.id})`,
      count: sql<number>`count(*)::int`,
    })
    .from(c)
    .innerJoin(messages, eq(messages.conversationId, c.id))
    .where(
      and(
        eq(messages.senderId, sender),
        sql`${messages.id} > greatest(${readUpTo}, ${mailedUpTo})`,
        or(isNull(mailedAt), lte(mailedAt, new Date(now.getTime() - MAIL_AT_MOST_EVERY_MS))),
      ),
    )
    .groupBy(c.id)
    .having(sql`min(${messages.createdAt}) <= ${new Date(now.getTime() - delayMs).toISOString()}`)
    .limit(limit);
}

export interface MailPassResult {
  mailed: number;
}

type Due = Awaited<ReturnType<typeof pending>>[number];

/**
 * Claims `due` for its recipient and queues the mail in one transaction (ADR 0046): the conversation
 * is marked mailed exactly when the mail is accepted, so a crash neither loses the mail nor sends it
 * twice. Answers whether a mail was queued.
 */
async function claimAndQueue(deps: MailerDeps, side: Side, due: Due, now: Date): Promise<boolean> {
  const c = conversations;
  const mailedAt = side === 'guest' ? c.guestMailedAt : c.hostMailedAt;
  const upTo = Number(due.upTo);
  return deps.db.transaction(async (tx) => {
    // Claim it first: whoever updates the row sends the mail.
    const claimed = await tx
      .update(c)
      .set(
        side === 'guest' ? { guestMailedAt: now, guestMailedUpTo: upTo } : { hostMailedAt: now, hostMailedUpTo: upTo },
      )
      .where(
        and(eq(c.id, due.id), or(isNull(mailedAt), lte(mailedAt, new Date(now.getTime() - MAIL_AT_MOST_EVERY_MS)))),
      )
      .returning({ id: c.id, guestId: c.guestId, hostId: c.hostId });
    if (!claimed.length || !deps.mail) return false;
    const senderId = side === 'guest' ? claimed[0]!.hostId : claimed[0]!.guestId;
    const people = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(or(eq(users.id, due.recipientId), eq(users.id, senderId)));
    const to = people.find((p) => p.id === due.recipientId);
    const from = people.find((p) => p.id === senderId);
    // A deleted account's placeholder address can receive nothing (ADR 0061).
    if (!to || isDeletedUserEmail(to.email)) return false;
    const link = deps.publicUrl ? `\n\nRead and answer: ${deps.publicUrl}/dashboard/messages/${due.id}` : '';
    const many = due.count === 1 ? 'a message' : `${due.count} messages`;
    await deps.mail.send(
      {
        to: to.email,
        subject: `New message from ${from ? quoted(from.name) : 'StayHub'} about ${quoted(due.title)}`,
        text:
          `Hello ${ownWords(to.name)},\n\nYou have ${many} that you have not read yet.\n\n` +
          `From: ${from ? quoted(from.name) : 'someone whose account is gone'}\nAbout: ${quoted(due.title)}` +
          `${link}\n\nYou get at most one such mail per conversation an hour.\n`,
      },
      tx,
    );
    return true;
  });
}

/** One pass: mails every recipient due a mail (see the module comment). */
export async function mailUnreadOnce(
  deps: MailerDeps,
  options: { delayMs?: number; limit?: number } = {},
): Promise<MailPassResult> {
  const delayMs = options.delayMs ?? DEFAULT_MESSAGE_MAIL_DELAY_MS;
  const now = deps.clock.now();
  let mailed = 0;
  for (const side of ['guest', 'host'] as const) {
    for (const due of await pending(deps, side, now, delayMs, options.limit ?? 100)) {
      try {
        if (await claimAndQueue(deps, side, due, now)) mailed++;
      } catch (err) {
        // Rolled back with its claim: the next pass tries again.
        deps.log?.error({ err, conversationId: due.id }, 'unread message mail failed');
      }
    }
  }
  return { mailed };
}

export type MessageMailer = PeriodicJob<MailPassResult>;

export function startMessageMailer(
  deps: MailerDeps,
  options: { intervalMs: number; delayMs: number } & JobOptions<MailPassResult>,
): MessageMailer {
  return startPeriodicJob({
    ...options,
    name: 'unread message mail',
    pass: () => mailUnreadOnce(deps, { delayMs: options.delayMs }),
    worthLogging: (r) => r.mailed > 0,
    log: deps.log,
  });
}
