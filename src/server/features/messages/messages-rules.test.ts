/** The rules of a message: length, characters, sending limit, paging, and the checkout note as first message. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES_PAGE_SIZE } from '#shared/schemas/messages';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { bookingRow, bookStay, confirmBookingCall, createHold, payCard } from '#server/test/booking-test-helpers';
import { sweepOnce } from '../bookings/bookings-sweeper';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { MESSAGES_PER_MINUTE } from './messages-limits';

const t = useTestApp();
// @fastify/rate-limit counts in real time (Date), the app in t.clock: where a test steps over a
// sending window, Date stands still and both move together.
const advance = (ms: number) => {
  t.clock.advance(ms);
  vi.setSystemTime(Date.now() + ms);
};
afterEach(() => {
  vi.useRealTimers();
});

let guest: SignedIn, host: SignedIn;
let homeId: string;

const post = (who: SignedIn, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });

async function conversationOf(who: SignedIn): Promise<string> {
  const res = await post(who, `/api/home/${homeId}/inquiries`, { text: 'Hello' });
  expect(res.statusCode).toBe(201);
  return (res.json() as { conversationId: string }).conversationId;
}

beforeAll(async () => {
  [guest, host] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'host')]);
  homeId = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email })).id;
});

describe('message text', () => {
  it('takes 1 to 2,000 characters after trimming, counted as characters (not UTF-16 units)', async () => {
    const writer = await signInAs(t.app, 'guest');
    const id = await conversationOf(writer);
    const url = `/api/conversations/${id}/messages`;
    const cases: [string, number][] = [
      ['', 400],
      ['   \n\t ', 400],
      ['x'.repeat(2000), 201],
      [`  ${'x'.repeat(2000)}  `, 201],
      ['x'.repeat(2001), 400],
      ['😀'.repeat(2000), 201],
      ['😀'.repeat(2001), 400],
      ['line one\nline two', 201],
      ['<b>bold</b> https://example.test', 201],
    ];
    for (const [text, status] of cases) {
      const res = await post(writer, url, { text });
      expect(res.statusCode, `${text.length} chars`).toBe(status);
      t.clock.advance(60_000);
    }
    const page = (await t.app.inject({ method: 'GET', url, headers: writer.headers })).json() as {
      messages: { text: string }[];
    };
    // Stored as sent (trimmed): markup stays text for the client to show as text.
    expect(page.messages[0]!.text).toBe('<b>bold</b> https://example.test');
  });

  it('refuses NUL, other control characters, unknown fields and a missing text', async () => {
    const id = await conversationOf(guest);
    const url = `/api/conversations/${id}/messages`;
    for (const text of ['a\u0000b', 'bell\u0007', 'del\u007f', 'c1\u0085']) {
      expect((await post(guest, url, { text })).statusCode, JSON.stringify(text)).toBe(400);
    }
    expect((await post(guest, url, { text: 'hi', extra: 1 })).statusCode).toBe(400);
    expect((await post(guest, url, {})).statusCode).toBe(400);
    expect((await post(guest, url, { text: 42 })).statusCode).toBe(400);
  });

  it('checks inquiry dates: both or neither, check-out after check-in', async () => {
    const url = `/api/home/${homeId}/inquiries`;
    expect((await post(guest, url, { text: 'Hi', checkIn: '2026-12-10' })).statusCode).toBe(400);
    expect((await post(guest, url, { text: 'Hi', checkIn: '2026-12-10', checkOut: '2026-12-10' })).statusCode).toBe(
      400,
    );
    expect((await post(guest, url, { text: 'Hi', checkIn: '2026-13-01', checkOut: '2026-12-10' })).statusCode).toBe(
      400,
    );
    expect((await post(guest, url, { text: 'Hi', checkIn: '2026-12-10', checkOut: '2026-12-12' })).statusCode).toBe(
      201,
    );
  });
});

describe('sending limit', () => {
  it(`lets a user send ${MESSAGES_PER_MINUTE} messages a minute, then answers 429 until the minute is over`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sender = await signInAs(t.app, 'guest');
    advance(61_000);
    const id = await conversationOf(sender); // the inquiry counts as one
    const url = `/api/conversations/${id}/messages`;
    for (let i = 1; i < MESSAGES_PER_MINUTE; i++)
      expect((await post(sender, url, { text: `m${i}` })).statusCode).toBe(201);
    const refused = await post(sender, url, { text: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'too_many_messages' } });
    expect(refused.json().error.message).toMatch(/^You are sending messages too quickly\. Please wait \d+ seconds/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    const hostWrites = await post(host, url, { text: 'I can still answer' });
    expect(hostWrites.statusCode).toBe(201);
    advance(61_000);
    expect((await post(sender, url, { text: 'later' })).statusCode).toBe(201);
  });
});

describe('paging', () => {
  it('pages newest first with a cursor, without gaps or repeats', async () => {
    const writer = await signInAs(t.app, 'guest');
    const id = await conversationOf(writer);
    const url = `/api/conversations/${id}/messages`;
    const total = MESSAGES_PAGE_SIZE * 2 + 5;
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 1; i < total; i++) {
      if (i % 15 === 0) advance(61_000);
      expect((await post(writer, url, { text: `#${i}` })).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.app.inject({
        method: 'GET',
        url: cursor ? `${url}?cursor=${cursor}` : url,
        headers: writer.headers,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { messages: { text: string }[]; nextCursor: string | null };
      seen.push(...page.messages.map((m) => m.text));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    const expected = ['Hello', ...Array.from({ length: total - 1 }, (_, i) => `#${i + 1}`)].reverse();
    expect(seen).toEqual(expected);
    expect((await t.app.inject({ method: 'GET', url: `${url}?cursor=abc`, headers: writer.headers })).statusCode).toBe(
      400,
    );
  });
});

describe('the checkout note', () => {
  it("becomes the first message of the booking's conversation when the booking is confirmed", async () => {
    const booker = await signInAs(t.app, 'guest');
    const stay = await bookStay(
      t.app,
      booker,
      { homeId, checkIn: '2026-12-20', checkOut: '2026-12-23' },
      'We arrive late, around 11 pm.',
    );
    const list = (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: host.headers })).json() as {
      conversations: { id: string; bookingId: string | null; lastMessage: { text: string; from: string } }[];
    };
    const mine = list.conversations.find((c) => c.bookingId === stay.bookingId);
    expect(mine?.lastMessage).toMatchObject({ text: 'We arrive late, around 11 pm.', from: 'guest' });
    // Answering through the booking goes to the same conversation.
    const answer = await post(host, `/api/bookings/${stay.bookingId}/messages`, { text: 'No problem.' });
    expect((answer.json() as { conversationId: string }).conversationId).toBe(mine!.id);
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${mine!.id}/messages`, headers: booker.headers })
    ).json() as { messages: { text: string }[] };
    expect(page.messages.map((m) => m.text)).toEqual(['No problem.', 'We arrive late, around 11 pm.']);
  });

  it('is posted once when it arrives after the sweeper confirmed the paid booking', async () => {
    const booker = await signInAs(t.app, 'guest');
    const held = await createHold(t.app, booker, { homeId, checkIn: '2027-02-01', checkOut: '2027-02-03', guests: 1 });
    const stay = held.json() as { bookingId: string; clientSecret: string; paymentIntentId: string };
    expect((await payCard(t.app, booker, stay.clientSecret)).statusCode).toBe(200);
    // The browser never called back: the sweeper confirms the paid hold, without a note.
    await sweepOnce(
      { db: t.db, clock: t.clock, payments: sandboxPayments({ db: t.db, clock: t.clock }) },
      { paidCheckAfterMs: 0 },
    );
    expect(await bookingRow(t.db, stay.bookingId)).toMatchObject({ status: 'confirmed', message: '' });
    const body = { bookingId: stay.bookingId, paymentIntentId: stay.paymentIntentId, message: 'Arriving by train.' };
    expect((await confirmBookingCall(t.app, booker, body)).statusCode).toBe(200);
    expect((await confirmBookingCall(t.app, booker, body)).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: booker.headers })).json() as {
      conversations: { id: string; bookingId: string | null }[];
    };
    const mine = list.conversations.find((c) => c.bookingId === stay.bookingId);
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/conversations/${mine!.id}/messages`, headers: booker.headers })
    ).json() as { messages: { text: string; from: string }[] };
    expect(page.messages).toEqual([expect.objectContaining({ text: 'Arriving by train.', from: 'guest' })]);
  });
});
