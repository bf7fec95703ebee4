/**
 * A price period's optional name (issue 27 follow-up, D130): set, changed and cleared by its host,
 * listed, kept by the nights a new period leaves it, and shown in the stay's breakdown line and the
 * confirmation mail instead of "(price period)". The test clock is 2026-11-21T10:00Z.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { priceLinesText } from '#shared/price-lines';
import { stayQuoteSchema } from '#shared/schemas/bookings';
import { pricePeriodListSchema, pricePeriodSchema } from '#shared/schemas/pricing';
import type { MailMessage } from '#server/providers/mail/mail';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();
const sent = () => (t.mail as unknown as { messages: MailMessage[] }).messages;

let host: SignedIn, guest: SignedIn;
beforeAll(async () => {
  [host, guest] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
});

const base = (homeId: string) => `/api/home/${homeId}/price-periods`;
const add = (homeId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: base(homeId), headers: host.headers, payload });
const patch = (homeId: string, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `${base(homeId)}/${id}`, headers: host.headers, payload });
const list = async (homeId: string) =>
  pricePeriodListSchema
    .parse((await t.app.inject({ method: 'GET', url: base(homeId), headers: host.headers })).json())
    .periods.map((p) => [p.from, p.to, p.price, p.name]);
const home = () =>
  insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email, priceCents: 10_000, cleaningFeeCents: 0 });

describe('a price period’s name', () => {
  it('is set, trimmed, listed, changed and cleared; a split keeps it on both sides', async () => {
    const { id } = await home();
    const created = await add(id, { from: '2026-12-10', to: '2026-12-20', price: 200, name: '  High season ' });
    expect(created.statusCode, created.body).toBe(201);
    const period = pricePeriodSchema.parse(created.json());
    expect(period.name).toBe('High season');

    // A period inside it splits it: both sides keep the name.
    expect((await add(id, { from: '2026-12-14', to: '2026-12-16', price: 300 })).statusCode).toBe(201);
    expect(await list(id)).toEqual([
      ['2026-12-10', '2026-12-14', 200, 'High season'],
      ['2026-12-14', '2026-12-16', 300, null],
      ['2026-12-16', '2026-12-20', 200, 'High season'],
    ]);

    const renamed = await patch(id, period._id, { name: 'Festival week' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(pricePeriodSchema.parse(renamed.json())).toMatchObject({ name: 'Festival week', price: 200 });
    // "" and null both clear it.
    expect((await patch(id, period._id, { name: '' })).json().name).toBeNull();
    expect((await patch(id, period._id, { name: 'Again' })).json().name).toBe('Again');
    expect((await patch(id, period._id, { name: null })).json().name).toBeNull();
  });

  it('is one line of at most 40 characters', async () => {
    const { id } = await home();
    for (const name of ['x'.repeat(41), 'High\nseason', 'High\u202Eseason']) {
      const res = await add(id, { from: '2026-12-10', to: '2026-12-12', price: 200, name });
      expect(res.statusCode, name).toBe(400);
    }
    expect((await add(id, { from: '2026-12-10', to: '2026-12-12', price: 200, name: 'é'.repeat(40) })).statusCode).toBe(
      201,
    );
  });

  it('labels the breakdown line of its nights, in the quote and the confirmation mail', async () => {
    const { id } = await home();
    expect((await add(id, { from: '2026-12-08', to: '2026-12-10', price: 200, name: 'High season' })).statusCode).toBe(
      201,
    );
    expect((await add(id, { from: '2026-12-10', to: '2026-12-11', price: 250 })).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/home/${id}/quote?checkIn=2026-12-07&checkOut=2026-12-11`,
    });
    const { breakdown } = stayQuoteSchema.parse(res.json());
    expect(breakdown.nightly.map((n) => [n.date, n.kind, n.periodName])).toEqual([
      ['2026-12-07', 'base', undefined],
      ['2026-12-08', 'period', 'High season'],
      ['2026-12-09', 'period', 'High season'],
      ['2026-12-10', 'period', undefined],
    ]);
    expect(priceLinesText(breakdown).split('\n').slice(0, 3)).toEqual([
      '$100.00 × 1 night: $100.00',
      '$200.00 × 2 nights (High season): $400.00',
      '$250.00 × 1 night (price period): $250.00',
    ]);

    const stay = await bookStay(t.app, guest, { homeId: id, checkIn: '2026-12-07', checkOut: '2026-12-11' });
    await t.app.mailQueue.drained();
    const confirmation = sent().find((m) => m.to === guest.user.email && m.text.includes(stay.bookingId));
    expect(confirmation!.text).toContain('$200.00 × 2 nights (High season): $400.00');
  });
});
