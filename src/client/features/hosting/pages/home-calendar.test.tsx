// @vitest-environment jsdom
/** The host calendar's nightly prices and price periods (issue 27). */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarNight } from '#shared/schemas/calendar';
import type { PricePeriod } from '#shared/schemas/pricing';
import { addDays } from '#shared/stay';
import { json, renderRoutes, setUpComponentTests, stubFetch, type FetchHandler } from '#client/test/render-routes';
import { sampleHome, session } from '#client/test/hosting';
import { HomeCalendarPage } from './home-calendar';

setUpComponentTests({ muteToasts: true });
// Three queries and a dialog on a machine shared with other runs: wait longer than 1 s for them.
configure({ asyncUtilTimeout: 5_000 });

// Wednesday 3 March 2027: the 5th and 6th are a Friday and a Saturday. Only Date is faked, so
// Testing Library's timers still run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-03T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const routes = [{ path: '/dashboard/calendar/:id', element: <HomeCalendarPage /> }];

/** Every night of the asked range, available, inside the window. */
const calendar: FetchHandler = ({ url }) => {
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const nights: CalendarNight[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) nights.push({ date: d, status: 'available', inWindow: true });
  return json({ homeId: 'h1', title: 'Sea view h1', from, to, window: { from, to }, nights, blocks: [] });
};

/** A fake price-periods API over `periods`; answers record the calls. */
function stubApi(periods: PricePeriod[], overrides: Record<string, FetchHandler> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let next = 1;
  const fetchMock = stubFetch({
    'GET /api/auth/get-session': json(session),
    'GET /api/home/h1': json(sampleHome('h1', { price: 99, weekendPrice: 150 })),
    'GET /api/home/h1/calendar': calendar,
    'GET /api/home/h1/price-periods': () => json({ periods }),
    'POST /api/home/h1/price-periods': ({ body }) => {
      calls.push({ method: 'POST', path: 'price-periods', body });
      const b = body as Omit<PricePeriod, '_id'>;
      periods.push({ ...b, _id: `new${next++}`, name: b.name ?? null });
      return json({ id: `new${next}` });
    },
    ...Object.fromEntries(
      periods.map((p) => [
        `DELETE /api/home/h1/price-periods/${p._id}`,
        () => {
          calls.push({ method: 'DELETE', path: p._id, body: undefined });
          periods.splice(
            periods.findIndex((q) => q._id === p._id),
            1,
          );
          return json({ deleted: true });
        },
      ]),
    ),
    ...Object.fromEntries(
      periods.map((p) => [
        `PATCH /api/home/h1/price-periods/${p._id}`,
        (({ body }) => {
          calls.push({ method: 'PATCH', path: p._id, body });
          Object.assign(p, body);
          return json(p);
        }) satisfies FetchHandler,
      ]),
    ),
    ...overrides,
  });
  return { calls, fetchMock };
}

const night = (date: string) => screen.getByRole('button', { name: new RegExp(`^${date},`) });

async function renderCalendar() {
  await renderRoutes(routes, ['/dashboard/calendar/h1']);
  await screen.findByRole('grid');
}

describe('HomeCalendarPage: prices', { timeout: 30_000 }, () => {
  it('shows each night at its price: base, weekend, or a price period', async () => {
    stubApi([{ _id: 'p1', from: '2027-03-10', to: '2027-03-13', price: 200, name: null }]);
    await renderCalendar();
    await waitFor(() => expect(night('4 March 2027').getAttribute('aria-label')).toMatch(/\$99 a night$/));
    expect(night('4 March 2027').getAttribute('aria-label')).toBe('4 March 2027, available, $99 a night');
    expect(night('5 March 2027').getAttribute('aria-label')).toBe(
      '5 March 2027, available, $150 a night (weekend price)',
    );
    expect(night('6 March 2027').getAttribute('aria-label')).toMatch(/\$150 a night \(weekend price\)$/);
    expect(night('7 March 2027').getAttribute('aria-label')).toMatch(/\$99 a night$/);
    for (const d of [10, 11, 12]) {
      expect(night(`${d} March 2027`).getAttribute('aria-label')).toMatch(/\$200 a night \(price period\)$/);
      expect(night(`${d} March 2027`).textContent).toBe(`${d}$200`);
    }
    expect(night('13 March 2027').getAttribute('aria-label')).toMatch(/\$150 a night \(weekend price\)$/);
    const list = within(screen.getByRole('region', { name: 'Price periods' }));
    expect(list.getByRole('listitem').textContent).toContain('Nights of Mar 10, 2027 – Mar 12, 2027: $200.00 a night');
    // The booking window in words, as every date on the page.
    expect(screen.getByText(/^Available from Mar 1, 2027 to [A-Z][a-z]{2} \d{1,2}, 2027;/)).toBeTruthy();
  });

  it('selecting nights by keyboard offers Set price beside Block; the nights then show the new price', async () => {
    const { calls } = stubApi([]);
    await renderCalendar();
    const user = userEvent.setup();
    await waitFor(() => expect(night('3 March 2027').getAttribute('aria-label')).toMatch(/\$99 a night$/));
    night('3 March 2027').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}{ArrowRight}{ArrowRight}{ArrowRight} ');
    expect(
      await screen.findByRole('heading', { name: 'Selected: nights of Mar 5, 2027 – Mar 8, 2027 (4 nights)' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Block 4 nights' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set a price' }));
    expect(dialog.getByText('Nights of Mar 5, 2027 – Mar 8, 2027 (4 nights).')).toBeDefined();
    const price = dialog.getByRole('spinbutton', { name: 'Nightly price (USD)' });
    expect(document.activeElement).toBe(price);
    await user.type(price, '180.5{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: 'price-periods',
      body: { from: '2027-03-05', to: '2027-03-09', price: 180.5 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(night('5 March 2027').getAttribute('aria-label')).toBe(
        '5 March 2027, available, $180.50 a night (price period)',
      ),
    );
    expect(night('9 March 2027').getAttribute('aria-label')).toMatch(/\$99 a night$/);
    // The selection is done: its panel is gone and the focus is back on a night of the calendar.
    expect(screen.queryByRole('heading', { name: /^Selected/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.getAttribute('data-date')).not.toBeNull());
  });

  it("says what is wrong with the price in words, and shows the server's refusal", async () => {
    const { calls } = stubApi([], {
      'POST /api/home/h1/price-periods': () =>
        json({ error: { code: 'invalid', message: 'These nights are outside the home’s dates' } }, 400),
    });
    await renderCalendar();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^4 March 2027,/ }));
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set a price' }));
    const price = dialog.getByRole('spinbutton', { name: 'Nightly price (USD)' });
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect(await dialog.findByText('Price must be a number')).toBeDefined();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    await user.type(price, '0');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect(await dialog.findByText('Price must be more than 0')).toBeDefined();
    expect(calls).toHaveLength(0);
    await user.clear(price);
    await user.type(price, '120');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('These nights are outside the home’s dates');
    expect(screen.getByRole('dialog', { name: 'Set a price' })).toBeDefined();
  });

  it('names a period: the list and the nights say its name', async () => {
    const { calls } = stubApi([]);
    await renderCalendar();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^10 March 2027,/ }));
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set a price' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Nightly price (USD)' }), '200');
    const name = dialog.getByRole('textbox', { name: 'Name (optional)' });
    await user.type(name, 'High\u202Eseason');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect(await dialog.findByText('The name must be one line of text')).toBeDefined();
    await user.clear(name);
    await user.type(name, '  High season ');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ from: '2027-03-10', to: '2027-03-11', price: 200, name: 'High season' });
    await waitFor(() =>
      expect(night('10 March 2027').getAttribute('aria-label')).toBe(
        '10 March 2027, available, $200 a night (High season)',
      ),
    );
    const list = within(screen.getByRole('region', { name: 'Price periods' }));
    expect(list.getByRole('listitem').textContent).toContain('High season, the night of Mar 10, 2027: $200.00 a night');
  });

  it('removes a period: its nights go back to the base and weekend prices', async () => {
    const { calls } = stubApi([{ _id: 'p1', from: '2027-03-10', to: '2027-03-13', price: 200, name: null }]);
    await renderCalendar();
    const list = within(screen.getByRole('region', { name: 'Price periods' }));
    await userEvent.click(
      await list.findByRole('button', { name: 'Remove the price of nights of Mar 10, 2027 – Mar 12, 2027' }),
    );
    await waitFor(() => expect(calls).toEqual([{ method: 'DELETE', path: 'p1', body: undefined }]));
    await waitFor(() => expect(night('10 March 2027').getAttribute('aria-label')).toMatch(/\$99 a night$/));
    expect(list.getByText(/None yet/)).toBeDefined();
  });

  it('changes a period in place (one PATCH of what changed), also from a selection', async () => {
    const { calls } = stubApi([{ _id: 'p1', from: '2027-03-10', to: '2027-03-13', price: 200, name: null }]);
    await renderCalendar();
    const user = userEvent.setup();
    // Selecting a night of the period lists it in the selection's panel too.
    await user.click(await screen.findByRole('button', { name: /^11 March 2027,/ }));
    const panel = within(screen.getByRole('region', { name: /^Selected/ }));
    await user.click(panel.getByRole('button', { name: 'Change the price of nights of Mar 10, 2027 – Mar 12, 2027' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the price' }));
    const price = dialog.getByRole<HTMLInputElement>('spinbutton', { name: 'Nightly price (USD)' });
    expect(price.valueAsNumber).toBe(200);
    expect(dialog.getByLabelText<HTMLInputElement>('First night').value).toBe('2027-03-10');
    expect(dialog.getByLabelText<HTMLInputElement>('Last night').value).toBe('2027-03-12');
    await user.clear(dialog.getByLabelText('Last night'));
    await user.type(dialog.getByLabelText('Last night'), '2027-03-08');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect(await dialog.findByText('The last night must be on or after the first')).toBeDefined();
    await user.clear(dialog.getByLabelText('Last night'));
    await user.type(dialog.getByLabelText('Last night'), '2027-03-14');
    await user.clear(price);
    await user.type(price, '220');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls).toEqual([{ method: 'PATCH', path: 'p1', body: { to: '2027-03-15', price: 220 } }]);
    await waitFor(() => expect(night('14 March 2027').getAttribute('aria-label')).toMatch(/\$220 a night/));
  });

  it('changes the price of a period already under way without moving its first night', async () => {
    const { calls } = stubApi([{ _id: 'p1', from: '2027-02-20', to: '2027-03-13', price: 200, name: null }]);
    await renderCalendar();
    const user = userEvent.setup();
    const list = within(screen.getByRole('region', { name: 'Price periods' }));
    await user.click(
      await list.findByRole('button', { name: 'Change the price of nights of Feb 20, 2027 – Mar 12, 2027' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the price' }));
    const price = dialog.getByRole<HTMLInputElement>('spinbutton', { name: 'Nightly price (USD)' });
    await user.clear(price);
    await user.type(price, '180');
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'PATCH', path: 'p1', body: { price: 180 } }]));
    await waitFor(() => expect(night('11 March 2027').getAttribute('aria-label')).toMatch(/\$180 a night/));
  });

  it('still shows and selects nights when the prices cannot be loaded, and says so', async () => {
    stubApi([], {
      'GET /api/home/h1/price-periods': () => json({ error: { code: 'internal', message: 'Try again later' } }, 500),
    });
    await renderCalendar();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The nightly prices could not be loaded: Try again later',
    );
    expect(night('4 March 2027').getAttribute('aria-label')).toBe('4 March 2027, available');
    await userEvent.click(night('4 March 2027'));
    expect(screen.getByRole('button', { name: 'Block 1 night' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Set price' })).toBeNull();
  });
});

describe('HomeCalendarPage: stays', { timeout: 30_000 }, () => {
  /** The 8th is booked by Ana, the 9th and 10th requested by Bruno, the 11th held for Carla. */
  const stays: Record<string, Partial<CalendarNight>> = {
    '2027-03-08': { status: 'booked', bookingId: 'b1', guestName: 'Ana' },
    '2027-03-09': { status: 'requested', bookingId: 'b2', guestName: 'Bruno' },
    '2027-03-10': { status: 'requested', bookingId: 'b2', guestName: 'Bruno' },
    '2027-03-11': { status: 'held', bookingId: 'b3', guestName: 'Carla' },
  };
  const withStays: FetchHandler = async (request) => {
    const body = (await (await calendar(request)).json()) as { nights: CalendarNight[] };
    return json({ ...body, nights: body.nights.map((n) => ({ ...n, ...stays[n.date] })) });
  };

  it('shows a request to book as Requested, apart from held and booked nights, in words', async () => {
    stubApi([], { 'GET /api/home/h1/calendar': withStays });
    await renderCalendar();
    await waitFor(() => expect(night('9 March 2027').getAttribute('aria-label')).toMatch(/\$99 a night$/));
    expect(night('8 March 2027').getAttribute('aria-label')).toBe('8 March 2027, booked by Ana, $99 a night');
    expect(night('9 March 2027').getAttribute('aria-label')).toBe(
      '9 March 2027, requested by Bruno (waiting for your answer), $99 a night',
    );
    expect(night('11 March 2027').getAttribute('aria-label')).toBe(
      '11 March 2027, held for Carla (reservation in progress), $99 a night',
    );
    // The mark under the day number says it too, not the colour alone.
    expect(night('8 March 2027').textContent).toBe('8Booked$99');
    // "Request" on phones, "Requested" from 640 px (jsdom applies no CSS: both are in the text).
    expect(night('10 March 2027').textContent).toBe('10RequestRequested$99');
    expect(night('11 March 2027').textContent).toBe('11Held$99');
    const legend = within(screen.getByRole('list', { name: 'Legend' }));
    expect(legend.getByText('Requested (waiting for your answer)')).toBeDefined();

    // Selecting the requested nights names the request, not a reservation in progress.
    await userEvent.click(night('9 March 2027'));
    await userEvent.click(night('11 March 2027'));
    expect(await screen.findByText('These nights have stays, which cannot be blocked:')).toBeDefined();
    const stays = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(stays).toContain('Requested by Bruno');
    expect(stays).toContain('Reservation in progress for Carla');
  });
});
