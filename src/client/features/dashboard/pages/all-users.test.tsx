// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import { json, renderRoutes, setUpComponentTests, stubFetch, userRecord } from '#client/test/render-routes';
import { AllUsersPage, APPROVED, DECLINED, LIFTED } from './all-users';

const user = (email: string, role: User['role'], docImage: string | null = null): User =>
  userRecord({
    _id: email,
    email,
    name: email.split('@')[0] ?? email,
    role,
    location: role === 'requested' ? 'Lisbon' : null,
    docImage,
  });

setUpComponentTests({ muteToasts: true });

const renderPage = () => renderRoutes([{ path: '/', element: <AllUsersPage /> }], ['/']);
/** The body rows of the users table (the first row holds the column headers). */
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('AllUsersPage', () => {
  it('shows a progress bar, then Email/Role/Action with Approve Request only on requested rows', async () => {
    let answer: ((r: Response) => void) | undefined;
    stubFetch({ 'GET /api/users': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading users' })).toBeDefined();
    await waitFor(() => expect(answer).toBeDefined());
    answer!(
      json([
        user('admin@example.com', 'admin'),
        user('ana@example.com', 'requested', '/api/documents/abc'),
        user('bo@example.com', null),
        user('cy@example.com', 'host'),
      ]),
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Email', 'Role', 'Action']);
    const withApprove = bodyRows().filter((row) => within(row).queryByRole('button', { name: TEXTS.approveRequest }));
    expect(withApprove).toHaveLength(1);
    expect(withApprove[0]?.textContent).toContain('ana@example.com');
    const link = within(withApprove[0]!).getByRole('link', { name: /View document/ });
    expect(link.getAttribute('href')).toBe('/api/documents/abc');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('puts the table in a named scroll region that the keyboard can reach', async () => {
    stubFetch({ 'GET /api/users': json([user('ana@example.com', 'requested')]) });
    await renderPage();
    const region = await screen.findByRole('region', { name: 'All users table' });
    expect(within(region).getByRole('table')).toBeDefined();
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
  });

  it('approves with PUT {role: "host"}, toasts and reloads the list', async () => {
    let approved = false;
    const fetchMock = stubFetch({
      'GET /api/users': () => json([user('ana@example.com', approved ? 'host' : 'requested')]),
      'PUT /api/user/ana%40example.com': () => {
        approved = true;
        return json({ acknowledged: true, modifiedCount: 1, upsertedCount: 0 });
      },
    });
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: TEXTS.approveRequest }));
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain('host'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ role: 'host' });
    expect(toast.success).toHaveBeenCalledWith(APPROVED);
    expect(screen.queryByRole('button', { name: TEXTS.approveRequest })).toBeNull();
    // The button is gone: the focus is on the row's new role, not lost to the page.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('host'));
  });

  it('asks before declining, and sends PUT {role: null} with the optional reason', async () => {
    const fetchMock = stubFetch({
      'GET /api/users': json([user('ana@example.com', 'requested'), user('bo@example.com', 'requested')]),
      'PUT /api/user/ana%40example.com': json({ acknowledged: true, modifiedCount: 1, upsertedCount: 0 }),
      'PUT /api/user/bo%40example.com': json({ acknowledged: true, modifiedCount: 1, upsertedCount: 0 }),
    });
    await renderPage();
    const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    const [anaRow, boRow] = await waitFor(() => {
      const rows = bodyRows();
      expect(rows).toHaveLength(2);
      return rows;
    });

    // Cancel sends nothing.
    await userEvent.click(within(anaRow!).getByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline this host request?' });
    expect(dialog.textContent).toContain('ana@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toHaveLength(0);
    // The focus goes back to the row's button, with Cancel as with Escape.
    const declineAna = within(anaRow!).getByRole('button', { name: 'Decline' });
    await waitFor(() => expect(document.activeElement).toBe(declineAna));
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(declineAna));

    // With a reason.
    await userEvent.click(within(anaRow!).getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '  Blurry document  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(DECLINED));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({ role: null, reason: 'Blurry document' });

    // Without one: the spec's body, nothing more.
    await userEvent.click(within(boRow!).getByRole('button', { name: 'Decline' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(JSON.parse(String(puts()[1]?.[1]?.body))).toEqual({ role: null });
  });

  it("shows the server's message when approval is refused", async () => {
    stubFetch({
      'GET /api/users': json([user('ana@example.com', 'requested')]),
      'PUT /api/user/ana%40example.com': json(
        { error: { code: 'forbidden', message: 'Only admins can approve' } },
        403,
      ),
    });
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: TEXTS.approveRequest }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only admins can approve'));
  });

  it('says a user is suspended and lifts it with a required note', async () => {
    let suspended = true;
    const fetchMock = stubFetch({
      'GET /api/users': () => json([{ ...user('eve@example.com', 'host'), _id: 'eve-id', suspended }]),
      'POST /api/admin/users/eve-id/unsuspend': () => {
        suspended = false;
        return json({ userId: 'eve-id', suspended: false, homesChanged: 1, sessionsRevoked: 0, upcomingStays: [] });
      },
    });
    await renderPage();
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain('host · suspended'));
    await userEvent.click(screen.getByRole('button', { name: 'Lift suspension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift this suspension?' });
    expect(dialog.textContent).toContain('eve@example.com');
    // No note: refused in the dialog, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, lift it' }));
    expect(await within(dialog).findByText('Say why (the note is required)')).toBeDefined();
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Note (required)'), 'Appeal accepted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, lift it' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(LIFTED));
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ note: 'Appeal accepted' });
    await waitFor(() => expect(bodyRows()[0]?.textContent).not.toContain('suspended'));
    expect(screen.queryByRole('button', { name: 'Lift suspension' })).toBeNull();
  });

  it('says so when there are no users', async () => {
    stubFetch({ 'GET /api/users': json([]) });
    await renderPage();
    expect(await screen.findByText('There are no users yet.')).toBeDefined();
  });
});
