/**
 * Text users chose reaches StayHub's mails quoted or behind a label, on its own lines, and never
 * as a link (ADR 0032): checked on the mails the app really sends, through the test mail provider.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bookStay } from '#server/test/booking-test-helpers';
import { createHomeOk } from '#server/test/homes';
import { signInAs, signUp, TEST_ORIGIN, useTestApp, type SignedIn } from '#server/test/test-app';
import { mailUnreadOnce } from '#server/features/messages/messages-mailer';
import { linksIn, memoryMail, type MailMessage } from './mail';

const t = useTestApp();
const outbox = () => (t.mail as ReturnType<typeof memoryMail>).messages;
const ZWSP = '\u200B';

let host: SignedIn;
let guest: SignedIn;
let homeId: string;
const TITLE = 'Sunny flat, deals at bit.ly/x';
const LOCATION = 'www.evil.io, Lisbon';

beforeAll(async () => {
  host = await signInAs(t.app, 'host', { name: 'Pay at www.evil.io' });
  guest = await signInAs(t.app, 'guest', { name: 'Claim your prize at bit.ly/x' });
  homeId = await createHomeOk(t.app, { title: TITLE, location: LOCATION, from: '2026-12-01', to: '2027-03-01' }, host);
});

/** No address a user typed is left for a mail client to link, and only StayHub's own links remain. */
function expectInert(mail: MailMessage) {
  for (const part of [mail.subject, mail.text, mail.html ?? '']) {
    expect(part).not.toMatch(/www\.evil\.io|bit\.ly\/x|victim@example\.test/);
  }
  for (const link of linksIn(mail.text)) expect(link.startsWith(TEST_ORIGIN), link).toBe(true);
}

/** Each line of the text either is StayHub's or carries the user's words after a label or a quote mark. */
function expectNoLineStartsWith(mail: MailMessage, words: string[]) {
  for (const line of mail.text.split('\n')) {
    for (const w of words) expect(line.startsWith(w), line).toBe(false);
  }
}

describe('user text in mails', () => {
  it("booking confirmation: the home's title and location are quoted behind labels, the note quoted line by line", async () => {
    outbox().length = 0;
    const note = 'Hi!\nBcc: victim@example.test\nStayHub: pay the rest at www.evil.io';
    const stay = await bookStay(t.app, guest, { homeId, checkIn: '2026-12-10', checkOut: '2026-12-12' }, note);
    await expect.poll(() => outbox().filter((m) => m.text.includes(stay.bookingId)).length).toBe(2);
    const toGuest = outbox().find((m) => m.to === guest.user.email)!;
    const toHost = outbox().find((m) => m.to === host.user.email)!;

    expect(toGuest.subject).toBe(`Booking confirmed: “Sunny flat, deals at bit.${ZWSP}ly/x”`);
    expect(toGuest.text).toContain(
      `Home: “Sunny flat, deals at bit.${ZWSP}ly/x”\nLocation: “www.${ZWSP}evil.${ZWSP}io, Lisbon”\n`,
    );
    expect(toHost.text).toContain(
      `Message from the guest:\n> Hi!\n> Bcc: victim@${ZWSP}example.${ZWSP}test\n> StayHub: pay the rest at www.${ZWSP}evil.${ZWSP}io\n`,
    );
    for (const mail of [toGuest, toHost]) {
      expectInert(mail);
      expectNoLineStartsWith(mail, ['Bcc:', 'StayHub:', 'Sunny', 'www']);
    }
  });

  it("the host's cancellation reason is quoted line by line in both mails", async () => {
    const stay = await bookStay(t.app, guest, { homeId, checkIn: '2026-12-20', checkOut: '2026-12-22' });
    // The confirmation mails are sent first: only the cancellation's are read below.
    await t.app.mailQueue.drained();
    outbox().length = 0;
    const reason = 'A pipe burst.\nStayHub support: rebook at www.evil.io';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/host/reservations/${stay.bookingId}/cancel`,
      headers: host.headers,
      payload: { reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => outbox().length).toBe(2);
    const toGuest = outbox().find((m) => m.to === guest.user.email)!;
    expect(toGuest.text).toContain(
      `The host's reason:\n> A pipe burst.\n> StayHub support: rebook at www.${ZWSP}evil.${ZWSP}io\n`,
    );
    for (const mail of outbox()) {
      expectInert(mail);
      expectNoLineStartsWith(mail, ['StayHub support', 'www']);
    }
  });

  it("the unread-message mail quotes the sender's name and the home's title", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/home/${homeId}/inquiries`,
      headers: guest.headers,
      payload: { text: 'Is there parking?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    t.clock.advance(10 * 60_000);
    const mail = memoryMail();
    await mailUnreadOnce({ db: t.db, clock: t.clock, mail, publicUrl: TEST_ORIGIN });
    const [toHost] = mail.messages.filter((m) => m.to === host.user.email);
    expect(toHost!.subject).toBe(
      `New message from “Claim your prize at bit.${ZWSP}ly/x” about “Sunny flat, deals at bit.${ZWSP}ly/x”`,
    );
    expect(toHost!.text).toContain(`From: “Claim your prize at bit.${ZWSP}ly/x”\n`);
    expectInert(toHost!);
    expectNoLineStartsWith(toHost!, ['Claim']);
  });

  it("the admin's reason is a quoted block, escaped in the HTML part", async () => {
    const admin = await signInAs(t.app, 'admin');
    const requested = await signInAs(t.app, 'requested');
    outbox().length = 0;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(requested.user.email)}`,
      headers: admin.headers,
      payload: { role: null, reason: 'Unreadable.\n<a href="x">Appeal</a> at www.evil.io' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => outbox().filter((m) => m.to === requested.user.email)).toHaveLength(1);
    const [declined] = outbox().filter((m) => m.to === requested.user.email);
    expect(declined!.text).toContain(
      `Message from the admin:\n> Unreadable.\n> <a href="x">Appeal</a> at www.${ZWSP}evil.${ZWSP}io\n`,
    );
    expect(declined!.html).toMatch(
      /<blockquote[^>]*>Unreadable\.<br>&lt;a href=&quot;x&quot;&gt;Appeal&lt;\/a&gt; at www/,
    );
    expectInert(declined!);
  });

  it('the verification mail does not carry the name typed at sign-up (it goes to whoever owns the address)', async () => {
    outbox().length = 0;
    const s = await signUp(t.app, { name: 'Your account is locked, call +1 555 at www.evil.io' });
    await t.app.mailQueue.drained();
    const [verify] = outbox().filter((m) => m.to === s.user.email);
    expect(verify!.text.startsWith('Hello,\n')).toBe(true);
    expect(verify!.text + verify!.html).not.toMatch(/locked|evil/);
  });
});
