/**
 * A host request's decision and its mail commit together (ADR 0046): once the admin has the answer the
 * mail is in the queue, and a decision that rolls back or loses a race to another admin mails nobody.
 * Mail is read as a real SMTP server receives it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '#server/db/schema';
import { useSmtpInbox } from '#server/test/smtp-inbox';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const inbox = useSmtpInbox();
const t = useTestApp(() => ({ mail: inbox.provider() }));

let admin: SignedIn, otherAdmin: SignedIn;
beforeAll(async () => {
  [admin, otherAdmin] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'admin')]);
});

const decide = (who: SignedIn, email: string, role: 'host' | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: who.headers,
    payload: { role },
  });
const roleOf = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
/** The queue's mail rows for an address that are not sent yet (a sent row keeps only the domain). */
const queuedFor = (email: string) =>
  t.db
    .select({ subject: sql<string>`${jobs.payload}->>'subject'` })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${email}`));
const APPROVED = 'You are now a StayHub host';
const DECLINED = 'Your StayHub host request was declined';

describe('the host decision mail commits with the decision (ADR 0046)', () => {
  it('arrives once the decision is stored', async () => {
    const requested = await signInAs(t.app, 'requested');
    expect((await decide(admin, requested.user.email, 'host')).statusCode).toBe(200);
    expect(await roleOf(requested.user.id)).toBe('host');
    await expect.poll(() => inbox.to(requested.user.email).map((m) => m.subject)).toEqual([APPROVED]);
    expect(inbox.to(requested.user.email)[0]!.text).toContain('sign in again to see Manage Home and Add Home');
  });

  it('rolled back after its mail was queued: still requested, still signed in, nobody mailed', async () => {
    const requested = await signInAs(t.app, 'requested');
    await t.db.execute(sql`
      create function refuse_decision_mail() returns trigger language plpgsql as $$
      begin
        if new.payload->>'subject' = 'You are now a StayHub host' then raise exception 'decision mail refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_decision_mail before insert on jobs for each row execute function refuse_decision_mail()`);
    try {
      expect((await decide(admin, requested.user.email, 'host')).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_decision_mail on jobs`);
      await t.db.execute(sql`drop function refuse_decision_mail()`);
    }
    expect(await roleOf(requested.user.id)).toBe('requested');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: requested.headers });
    expect(session.json<{ user: { id: string } } | null>()?.user.id).toBe(requested.user.id);
    expect(await queuedFor(requested.user.email)).toEqual([]);
    await t.app.mailQueue.drained();
    expect(inbox.to(requested.user.email)).toEqual([]);

    // Decided again, it goes through with its mail.
    expect((await decide(admin, requested.user.email, 'host')).statusCode).toBe(200);
    await expect.poll(() => inbox.to(requested.user.email).map((m) => m.subject)).toEqual([APPROVED]);
  });

  it('two admins decide at once: the one who loses is refused and mails nobody', async () => {
    const requested = await signInAs(t.app, 'requested');
    const [approve, decline] = await Promise.all([
      decide(admin, requested.user.email, 'host'),
      decide(otherAdmin, requested.user.email, null),
    ]);
    expect([approve.statusCode, decline.statusCode].sort()).toEqual([200, 403]);
    const approved = approve.statusCode === 200;
    expect(await roleOf(requested.user.id)).toBe(approved ? 'host' : null);
    await t.app.mailQueue.drained();
    expect(inbox.to(requested.user.email).map((m) => m.subject)).toEqual([approved ? APPROVED : DECLINED]);
  });
});
