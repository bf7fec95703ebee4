// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { AccountDataSection } from './account-data-section';

setUpComponentTests();

const routes = (hasPassword: boolean) => [
  { path: '/dashboard/profile', element: <AccountDataSection hasPassword={hasPassword} /> },
  { path: '/dashboard/my-booking', element: <h1>My bookings</h1> },
  { path: '/', element: <h1>Home</h1> },
];
/** The bodies of the DELETE /api/me calls made. */
const deletes = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([, init]) => JSON.parse(String(init!.body)));
const REFUSAL =
  'You have an upcoming or current stay, as a guest or as a host. Cancel it first, then delete your account.';

describe('AccountDataSection', () => {
  it('links the download and, before deleting, says what happens and shows a refusal with the way out', async () => {
    const fetch = stubFetch({
      'DELETE /api/me': json({ error: { code: 'stays_upcoming', message: REFUSAL } }, 409),
    });
    await renderRoutes(routes(true), ['/dashboard/profile']);
    const section = screen.getByRole('region', { name: 'Your data' });
    expect(within(section).getByRole('link', { name: 'Download my data' }).getAttribute('href')).toBe('/api/me/export');

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/Bookings and payments are kept for accounting/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Enter your password to delete your account.')).toBeTruthy();
    expect(deletes(fetch)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Your password'), 'my-password{Enter}');
    expect(await within(dialog).findByText(REFUSAL, { exact: false })).toBeTruthy();
    expect(deletes(fetch)).toEqual([{ password: 'my-password' }]);
    await user.click(within(dialog).getByRole('link', { name: 'Your bookings' }));
    expect(await screen.findByRole('heading', { name: 'My bookings' })).toBeTruthy();
  });

  it('for a Google-only account asks for no password and offers to sign in again when too old', async () => {
    const message = 'Sign in with Google again, then delete your account within 5 minutes.';
    const fetch = stubFetch({ 'DELETE /api/me': json({ error: { code: 'sign_in_again', message } }, 403) });
    await renderRoutes(routes(false), ['/dashboard/profile']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(deletes(fetch)).toEqual([{}]);
    expect(within(dialog).getByRole('button', { name: 'Sign in with Google again' })).toBeTruthy();
  });
});
