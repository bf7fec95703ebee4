/** The unread-message mail: after the delay, once per conversation and recipient an hour, never for read messages. */
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryMail } from '#server/providers/mail/mail';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, TEST_ORIGIN, useTestApp, type SignedIn } from '#server/test/test-app';
import { mailUnreadOnce } from './messages-mailer';

const t = useTestApp();
const MINUTE = 60_000;
const DELAY = 5 * MINUTE;

let host: SignedIn;
let homeId: string;

beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  homeId = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, title: 'Blue door flat' })).id;
});

/** One pass of the job with a fresh outbox; answers the mails to `to`. */
async function pass(to: string) {
  const mail = memoryMail();
  await mailUnreadOnce({ db: t.db, clock: t.clock, mail, publicUrl: TEST_ORIGIN }, { delayMs: DELAY });
  return mail.messages.filter((m) => m.to === to);
}

async function inquiry(guest: SignedIn, text = 'Is there parking?') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/home/${homeId}/inquiries`,
    headers: guest.headers,
    payload: { text },
  });
  return (res.json() as { conversationId: string }).conversationId;
}

const say = (who: SignedIn, id: string, text: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: who.headers, payload: { text } });
const open = (who: SignedIn, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, headers: who.headers });

describe('unread message mail', () => {
  it('mails the recipient once the delay has passed, then at most once an hour', async () => {
    const guest = await signInAs(t.app, 'guest', { name: 'Ana Guest' });
    const id = await inquiry(guest);
    t.clock.advance(DELAY - MINUTE);
    expect(await pass(host.user.email)).toEqual([]);
    t.clock.advance(MINUTE);
    const [mail, ...more] = await pass(host.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New message from “Ana Guest” about “Blue door flat”');
    expect(mail!.text).toContain(`${TEST_ORIGIN}/dashboard/messages/${id}`);
    // The sender is never mailed about their own message.
    expect(await pass(guest.user.email)).toEqual([]);
    expect(await pass(host.user.email)).toEqual([]);

    t.clock.advance(10 * MINUTE);
    await say(guest, id, 'Also: pets?');
    t.clock.advance(DELAY + MINUTE);
    expect(await pass(host.user.email), 'within the hour of the last mail').toEqual([]);
    t.clock.advance(45 * MINUTE);
    const later = await pass(host.user.email);
    expect(later).toHaveLength(1);
    expect(later[0]!.text).toContain('a message');
  });

  it('sends nothing for messages read before the delay', async () => {
    const guest = await signInAs(t.app, 'guest');
    const id = await inquiry(guest);
    t.clock.advance(2 * MINUTE);
    expect((await open(host, id)).statusCode).toBe(200);
    t.clock.advance(DELAY);
    expect(await pass(host.user.email)).toEqual([]);
    // The host's answer, unread by the guest, mails the guest.
    await say(host, id, 'Yes, one space.');
    t.clock.advance(DELAY);
    expect(await pass(guest.user.email)).toHaveLength(1);
  });

  it('sends one mail when two passes run at once (two processes without the lock)', async () => {
    const guest = await signInAs(t.app, 'guest');
    await inquiry(guest);
    t.clock.advance(DELAY);
    const mail = memoryMail();
    const deps = { db: t.db, clock: t.clock, mail, publicUrl: TEST_ORIGIN };
    await Promise.all([mailUnreadOnce(deps, { delayMs: DELAY }), mailUnreadOnce(deps, { delayMs: DELAY })]);
    expect(mail.messages.filter((m) => m.to === host.user.email)).toHaveLength(1);
  });

  it('does not mail the host about the checkout note (the confirmation mail carried it)', async () => {
    const guest = await signInAs(t.app, 'guest');
    await pass(host.user.email); // anything earlier is sent now
    await bookStay(t.app, guest, { homeId, checkIn: '2027-01-05', checkOut: '2027-01-07' }, 'Early check-in?');
    t.clock.advance(DELAY * 2);
    expect(await pass(host.user.email)).toEqual([]);
  });
});
