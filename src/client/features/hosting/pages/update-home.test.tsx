// @vitest-environment jsdom
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '#shared/texts';
import {
  json,
  type RenderedRoutes,
  renderRoutes,
  setUpComponentTests,
  stubFetch,
  waitFor,
} from '#client/test/render-routes';
import { field, sampleHome, session, setValue, submitForm } from '#client/test/hosting';
import { HOME_NOT_FOUND, NOT_YOUR_HOME, UpdateHomePage } from './update-home';

setUpComponentTests({ muteToasts: true });
let view: RenderedRoutes | undefined;

const routes = [
  { path: '/dashboard/updateHomeForm/:id', element: <UpdateHomePage /> },
  { path: '/dashboard/manage-home', element: <h1>Manage list</h1> },
];

async function renderForm(id = 'h1') {
  view = await renderRoutes(routes, [`/dashboard/updateHomeForm/${id}`]);
  await waitFor(() => expect(view?.container.querySelector('form')).not.toBeNull());
  return view.container;
}

describe('UpdateHomePage', () => {
  it('prefills the spec fields from the server, numeric fields as numbers', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/home/h1': json(sampleHome('h1')) });
    const container = await renderForm();
    expect(container.querySelector('h1')?.textContent).toBe('Update Home');
    expect(field(container, 'Location').value).toBe('Lisbon');
    expect(field(container, 'Title').value).toBe('Sea view h1');
    for (const [label, value] of [
      ['Price per night (USD)', '120.5'],
      ['Total guests', '4'],
      ['Bedrooms', '2'],
      ['Bathrooms', '1'],
    ]) {
      const input = field(container, label!);
      expect(input.type).toBe('number');
      expect(input.value).toBe(value);
    }
    expect(field<HTMLTextAreaElement>(container, 'Description').value).toBe('Bright flat.');
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Submit');
  });

  it('requires all fields but description and focuses the first invalid one', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h1': json(sampleHome('h1')),
    });
    const container = await renderForm();
    setValue(field(container, 'Title'), '   ');
    setValue(field(container, 'Bedrooms'), '');
    setValue(field<HTMLTextAreaElement>(container, 'Description'), '');
    await submitForm(container);
    await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(2));
    expect(container.textContent).toContain('Title is required');
    expect(container.textContent).toContain('Bedrooms must be a number');
    expect(document.activeElement).toBe(field(container, 'Title'));
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
    const container = await renderForm();
    setValue(field(container, 'Price per night (USD)'), '150');
    await submitForm(container);
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/manage-home'));
    expect(body).toEqual({
      location: 'Lisbon',
      title: 'Sea view h1',
      price: 150,
      total_guest: 4,
      bedrooms: 2,
      bathrooms: 1,
      description: 'Bright flat.',
    });
    expect(toast.success).toHaveBeenCalledWith(TEXTS.homeUpdated);
  });

  it('goes to manage-home without a notice when nothing changed', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h1': json(sampleHome('h1')),
      'PUT /api/home/h1': json({ acknowledged: true, modifiedCount: 0 }),
    });
    const container = await renderForm();
    await submitForm(container);
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
    const container = await renderForm();
    await submitForm(container);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Only the host of this home can edit it'),
    );
    expect(toast.error).toHaveBeenCalledWith('Only the host of this home can edit it');
    expect(view?.router.state.location.pathname).toBe('/dashboard/updateHomeForm/h1');
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Submit');
  });

  it('says clearly when the home does not exist, with a link back', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/gone': json({ error: { code: 'not_found', message: 'No home with this id' } }, 404),
    });
    view = await renderRoutes(routes, ['/dashboard/updateHomeForm/gone']);
    await waitFor(() => expect(view?.container.textContent).toContain(HOME_NOT_FOUND));
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('/dashboard/manage-home');
    expect(view.container.querySelector('form')).toBeNull();
  });

  it("does not offer to edit another host's home", async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/home/h9': json(sampleHome('h9', { hostEmail: 'other@example.com', email: 'other@example.com' })),
    });
    view = await renderRoutes(routes, ['/dashboard/updateHomeForm/h9']);
    await waitFor(() => expect(view?.container.textContent).toContain(NOT_YOUR_HOME));
    expect(view.container.querySelector('form')).toBeNull();
  });
});
