// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '#shared/texts';
import { json, type RenderedRoutes, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { HOST_EMAIL, sampleHome, session } from '#client/test/hosting';
import { ManageHomePage, NO_HOMES } from './manage-home';

setUpComponentTests({ muteToasts: true });
let view: RenderedRoutes | undefined;

const routes = [
  { path: '/dashboard/manage-home', element: <ManageHomePage /> },
  { path: '/dashboard/add-home', element: <h1>Add form</h1> },
  { path: '/dashboard/updateHomeForm/:id', element: <h1>Edit form</h1> },
];
const hostList = `/api/homes`;

/** The body rows of the homes table (the first row holds the column headers). */
// hidden: the rows stay in the page while the modal dialog hides it from assistive tech.
const rows = () => screen.queryAllByRole('row', { hidden: true }).slice(1);
const dialog = () => screen.queryByRole('dialog');

describe('ManageHomePage', () => {
  it("lists the host's homes with the spec's columns, thumbnail and Edit link", async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      [`GET ${hostList}`]: ({ url }) => {
        expect(url.searchParams.get('email')).toBe(HOST_EMAIL);
        return json([
          sampleHome('h1'),
          sampleHome('h2', { title: 'Hill cabin', price: 80, image: '/placeholder-home.svg' }),
        ]);
      },
    });
    view = await renderRoutes(routes, ['/dashboard/manage-home']);
    expect(screen.getByText(TEXTS.loading)).toBeDefined();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Number#',
      'Image',
      'Title',
      'Location',
      'Price',
      'From',
      'To',
      'Delete',
      'Edit',
      'Calendar',
    ]);
    expect(screen.getByRole('table', { name: 'Your homes (2)' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Your homes' }).tabIndex).toBe(0);
    const first = rows()[0]!;
    expect([...first.children].map((c) => c.textContent)).toEqual([
      '1',
      '',
      'Sea view h1',
      'Lisbon',
      '$120.50',
      'Jun 1, 2026',
      'Sep 30, 2026',
      'Delete',
      'Edit',
      'Calendar',
    ]);
    const img = first.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`/uploads/${'a'.repeat(32)}-640.webp`);
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('480');
    expect(rows()[1]!.querySelector('img')?.getAttribute('src')).toBe('/placeholder-home.svg');
    const edit = within(first).getByRole('link', { name: 'Edit' });
    expect(edit.getAttribute('href')).toBe('/dashboard/updateHomeForm/h1');
    await userEvent.click(edit);
    await waitFor(() => expect(view?.router.state.location.pathname).toBe('/dashboard/updateHomeForm/h1'));
  });

  it('says so when the host has no homes, and links to Add Home', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), [`GET ${hostList}`]: json([]) });
    view = await renderRoutes(routes, ['/dashboard/manage-home']);
    expect(await screen.findByText(NO_HOMES)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Add Home' }).getAttribute('href')).toBe('/dashboard/add-home');
  });

  it('asks before deleting, naming the home; an acknowledged delete refreshes the list and shows "deleted" as an error-style notice', async () => {
    let homes = [sampleHome('h1'), sampleHome('h2', { title: 'Hill cabin' })];
    const fetchMock = stubFetch({
      'GET /api/auth/get-session': json(session),
      [`GET ${hostList}`]: () => json(homes),
      'DELETE /api/homes/h2': () => {
        homes = homes.filter((h) => h._id !== 'h2');
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    view = await renderRoutes(routes, ['/dashboard/manage-home']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Hill cabin');
    // Cancel leaves everything as it was.
    await userEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    // ...and gives the focus back to the row's Delete button.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(rows()[1]!).getByRole('button', { name: 'Delete' })),
    );

    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(dialog()).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(TEXTS.homeDeleted);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the server's message when the home has upcoming bookings (409) and keeps it", async () => {
    const message = 'This home has upcoming bookings and cannot be deleted.';
    stubFetch({
      'GET /api/auth/get-session': json(session),
      [`GET ${hostList}`]: json([sampleHome('h1')]),
      'DELETE /api/homes/h1': json({ error: { code: 'home_booked', message } }, 409),
    });
    view = await renderRoutes(routes, ['/dashboard/manage-home']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    expect((await within(dialog()!).findByRole('alert')).textContent).toBe(message);
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(toast.error).not.toHaveBeenCalledWith(TEXTS.homeDeleted);
    expect(rows()).toHaveLength(1);
  });
});
