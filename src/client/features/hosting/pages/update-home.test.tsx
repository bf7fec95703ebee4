// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '#shared/texts';
import { json, type RenderedRoutes, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { sampleHome, session } from '#client/test/hosting';
import { HOME_NOT_FOUND, NOT_YOUR_HOME, UpdateHomePage } from './update-home';

setUpComponentTests({ muteToasts: true });
let view: RenderedRoutes | undefined;

const routes = [
  { path: '/dashboard/updateHomeForm/:id', element: <UpdateHomePage /> },
  { path: '/dashboard/manage-home', element: <h1>Manage list</h1> },
];

async function renderForm(id = 'h1') {
  view = await renderRoutes(routes, [`/dashboard/updateHomeForm/${id}`]);
  await screen.findByRole('button', { name: 'Submit' });
  return view.container;
}

/** A labelled field (the required asterisk is hidden from the accessible name). */
const field = <T extends HTMLElement = HTMLInputElement>(label: string) =>
  screen.getByLabelText(label, { exact: false }) as unknown as T;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('UpdateHomePage', () => {
  it('prefills the spec fields from the server, numeric fields as numbers', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/home/h1': json(sampleHome('h1')) });
    await renderForm();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Update Home');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Location' }).value).toBe('Lisbon');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Sea view h1');
    for (const [label, value] of [
      ['Price per night (USD)', 120.5],
      ['Total guests', 4],
      ['Bedrooms', 2],
      ['Bathrooms', 1],
    ] as const) {
      expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: label }).valueAsNumber).toBe(value);
    }
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }).value).toBe('Bright flat.');
  });

  it('requires all fields but description and focuses the first invalid one', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h1': json(sampleHome('h1')),
    });
    const container = await renderForm();
    const user = userEvent.setup();
    await user.clear(field('Title'));
    await user.type(field('Title'), '   ');
    await user.clear(field('Bedrooms'));
    await user.clear(field<HTMLTextAreaElement>('Description'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(2));
    expect(screen.getByText('Title is required')).toBeDefined();
    expect(screen.getByText('Bedrooms is required')).toBeDefined();
    expect(document.activeElement).toBe(field('Title'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('sends the edit, shows "Data Updated" when something changed and goes to manage-home', async () => {
    let body: unknown;
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h1': json(sampleHome('h1')),
      'PUT /api/home/h1': ({ body: sent }) => {
        body = sent;
        return json({ acknowledged: true, modifiedCount: 1 });
      },
    });
    await renderForm();
    const user = userEvent.setup();
    await user.clear(field('Price per night (USD)'));
    await user.type(field('Price per night (USD)'), '150');
    await submit();
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/manage-home'));
    expect(body).toEqual({
      location: 'Lisbon',
      title: 'Sea view h1',
      timeZone: 'UTC',
      price: 150,
      total_guest: 4,
      bedrooms: 2,
      bathrooms: 1,
      description: 'Bright flat.',
      cleaningFee: 0,
      cancellationPolicy: 'flexible',
      // Beyond the spec's form (D41): the window, the stay settings and the pictures, as loaded.
      from: '2026-06-01',
      to: '2026-09-30',
      minNights: 1,
      maxNights: 30,
      checkInTime: '12:00',
      checkOutTime: '11:00',
      houseRules: '',
      images: [`/uploads/${'a'.repeat(32)}-1280.webp`],
      // Issue 27's settings, as loaded.
      weekendPrice: null,
      weeklyDiscountPercent: 0,
      monthlyDiscountPercent: 0,
      lastMinuteDiscountPercent: 0,
      lastMinuteDays: 7,
      earlyBirdDiscountPercent: 0,
      earlyBirdDays: 90,
      guestsIncluded: 4,
      extraGuestFee: 0,
      securityDeposit: 0,
      bookingMode: 'instant',
      instantBookRequirements: [],
    });
    expect(toast.success).toHaveBeenCalledWith(TEXTS.homeUpdated);
  });

  it('goes to manage-home without a notice when nothing changed', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h1': json(sampleHome('h1')),
      'PUT /api/home/h1': json({ acknowledged: true, modifiedCount: 0 }),
    });
    await renderForm();
    await submit();
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/manage-home'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("keeps the form and shows the server's message when the save is refused", async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h1': json(sampleHome('h1')),
      'PUT /api/home/h1': json(
        { error: { code: 'forbidden', message: 'Only the host of this home can edit it' } },
        403,
      ),
    });
    await renderForm();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Only the host of this home can edit it');
    expect(toast.error).toHaveBeenCalledWith('Only the host of this home can edit it');
    expect(view?.router.state.location.pathname).toBe('/dashboard/updateHomeForm/h1');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDefined();
  });

  it('says clearly when the home does not exist, with a link back', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/gone': json({ error: { code: 'not_found', message: 'No home with this id' } }, 404),
    });
    await renderRoutes(routes, ['/dashboard/updateHomeForm/gone']);
    expect(await screen.findByText(HOME_NOT_FOUND)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Manage Home' }).getAttribute('href')).toBe(
      '/dashboard/manage-home',
    );
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it("does not offer to edit another host's home", async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h9': json(sampleHome('h9', { hostEmail: 'other@example.com', email: 'other@example.com' })),
    });
    await renderRoutes(routes, ['/dashboard/updateHomeForm/h9']);
    expect(await screen.findByText(NOT_YOUR_HOME)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
