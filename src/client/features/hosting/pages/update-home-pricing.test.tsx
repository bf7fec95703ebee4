// @vitest-environment jsdom
/** The edit form's Pricing and Booking sections (issue 27). */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Home } from '#shared/schemas/homes';
import { json, type RenderedRoutes, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { sampleHome, session } from '#client/test/hosting';
import { UpdateHomePage } from './update-home';

setUpComponentTests({ muteToasts: true });
// Three queries and a dialog on a machine shared with other runs: wait longer than 1 s for them.
configure({ asyncUtilTimeout: 5_000 });
let view: RenderedRoutes | undefined;

const routes = [
  { path: '/dashboard/updateHomeForm/:id', element: <UpdateHomePage /> },
  { path: '/dashboard/manage-home', element: <h1>Manage list</h1> },
];

/** Renders the form of a home with `extra` settings; `sent` collects the PUT bodies. */
async function renderForm(extra: Partial<Home> = {}) {
  const sent: Record<string, unknown>[] = [];
  const fetchMock = stubFetch({
    'GET /api/auth/get-session': json(session),
    'GET /api/home/h1': json(sampleHome('h1', extra)),
    'PUT /api/home/h1': ({ body }) => {
      sent.push(body as Record<string, unknown>);
      return json({ acknowledged: true, modifiedCount: 1 });
    },
  });
  view = await renderRoutes(routes, ['/dashboard/updateHomeForm/h1']);
  await screen.findByRole('button', { name: 'Submit' });
  return { sent, fetchMock };
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('spinbutton', { name });
const pricing = () => within(screen.getByRole('group', { name: 'Pricing' }));
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

/** Replaces a field's text; pasted in one input event (typing key by key is slow on a busy machine). */
async function retype(name: string, text: string) {
  await userEvent.clear(box(name));
  if (text) await userEvent.paste(text);
}

// Typing into a dozen fields takes seconds on a busy machine.
describe('UpdateHomePage: pricing and booking', { timeout: 30_000 }, () => {
  it('shows the saved settings, an empty weekend price when there is none', async () => {
    await renderForm({
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 25,
      lastMinuteDiscountPercent: 5,
      lastMinuteDays: 3,
      earlyBirdDiscountPercent: 8,
      earlyBirdDays: 120,
      guestsIncluded: 2,
      extraGuestFee: 15,
      securityDeposit: 300,
      bookingMode: 'instant',
      instantBookRequirements: ['profile_photo'],
    });
    expect(pricing().getByRole<HTMLInputElement>('spinbutton', { name: 'Weekend price (USD)' }).value).toBe('');
    for (const [name, value] of [
      ['Weekly discount (%)', 10],
      ['Monthly discount (%)', 25],
      ['Last-minute discount (%)', 5],
      ['Last-minute days', 3],
      ['Early-bird discount (%)', 8],
      ['Early-bird days', 120],
      ['Guests included', 2],
      ['Extra-guest fee per night (USD)', 15],
      ['Security deposit (USD)', 300],
    ] as const) {
      expect(box(name).valueAsNumber, name).toBe(value);
    }
    const booking = within(screen.getByRole('group', { name: 'Booking' }));
    expect(booking.getByRole<HTMLInputElement>('radio', { name: 'Instant book' }).checked).toBe(true);
    expect(booking.getByRole<HTMLInputElement>('radio', { name: 'Request to book' }).checked).toBe(false);
    expect(booking.getByRole<HTMLInputElement>('checkbox', { name: 'A profile photo' }).checked).toBe(true);
    expect(booking.getByRole<HTMLInputElement>('checkbox', { name: 'A verified email' }).checked).toBe(false);
  });

  it('sends the weekend price, discounts, guests, deposit and the instant-book requirements as numbers', async () => {
    const { sent } = await renderForm();
    await retype('Weekend price (USD)', '135.5');
    await retype('Weekly discount (%)', '10');
    await retype('Monthly discount (%)', '20');
    await retype('Last-minute discount (%)', '15');
    await retype('Last-minute days', '3');
    await retype('Early-bird discount (%)', '5');
    await retype('Early-bird days', '60');
    await retype('Guests included', '2');
    await retype('Extra-guest fee per night (USD)', '12.5');
    await retype('Security deposit (USD)', '250');
    await userEvent.click(screen.getByRole('checkbox', { name: 'A verified email' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'A good review from a past host' }));
    await submit();
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/manage-home'));
    expect(sent[0]).toMatchObject({
      weekendPrice: 135.5,
      weeklyDiscountPercent: 10,
      monthlyDiscountPercent: 20,
      lastMinuteDiscountPercent: 15,
      lastMinuteDays: 3,
      earlyBirdDiscountPercent: 5,
      earlyBirdDays: 60,
      guestsIncluded: 2,
      extraGuestFee: 12.5,
      securityDeposit: 250,
      bookingMode: 'instant',
      instantBookRequirements: ['verified_email', 'good_review'],
    });
  });

  it('empties mean none: no weekend price (null), no discount, fee or deposit (0)', async () => {
    const { sent } = await renderForm({ weekendPrice: 140, weeklyDiscountPercent: 10, securityDeposit: 200 });
    await retype('Weekend price (USD)', '');
    await retype('Weekly discount (%)', '');
    await retype('Security deposit (USD)', '');
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ weekendPrice: null, weeklyDiscountPercent: 0, securityDeposit: 0 });
  });

  it('request to book hides the instant-book requirements and is sent with them kept', async () => {
    const { sent } = await renderForm({ instantBookRequirements: ['verified_email'] });
    await userEvent.click(screen.getByRole('radio', { name: 'Request to book' }));
    expect(screen.queryByRole('group', { name: 'Instant book only for guests with' })).toBeNull();
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ bookingMode: 'request', instantBookRequirements: ['verified_email'] });
  });

  it("shows the schema's errors in words beside each field and sends nothing", async () => {
    const { fetchMock } = await renderForm();
    await retype('Weekend price (USD)', '0');
    await retype('Weekly discount (%)', '95');
    await retype('Last-minute days', '');
    await retype('Early-bird discount (%)', '2.5');
    await retype('Extra-guest fee per night (USD)', '1.999');
    await submit();
    const expected = {
      'Weekend price (USD)': 'Weekend price must be more than 0',
      'Weekly discount (%)': 'Weekly discount can be at most 90',
      'Last-minute days': 'Last-minute days must be a number',
      'Early-bird discount (%)': 'Early-bird discount must be a whole number',
      'Extra-guest fee per night (USD)': 'Extra-guest fee can have at most 2 decimals',
    };
    for (const [name, message] of Object.entries(expected)) {
      await waitFor(() => expect(box(name).getAttribute('aria-invalid'), name).toBe('true'));
      // The message is the field's description, so a screen reader reads it with the field.
      expect(box(name).getAttribute('aria-describedby') ?? '').toMatch(/-error/);
      expect(screen.getByText(message)).toBeDefined();
    }
    expect(document.activeElement).toBe(box('Weekend price (USD)'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal in the form", async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h1': json(sampleHome('h1')),
      'PUT /api/home/h1': json(
        {
          error: {
            code: 'invalid',
            message: 'Guests included (9) cannot be more than the guests the home sleeps (4)',
          },
        },
        400,
      ),
    });
    view = await renderRoutes(routes, ['/dashboard/updateHomeForm/h1']);
    await screen.findByRole('button', { name: 'Submit' });
    await retype('Guests included', '9');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Guests included (9) cannot be more than the guests the home sleeps (4)',
    );
  });
});
