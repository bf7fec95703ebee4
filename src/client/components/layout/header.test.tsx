// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageKeys } from '#client/features/messages/lib/message-keys';
import { json, renderRoutes, setUpComponentTests, stubFetch, testQueryClient } from '#client/test/render-routes';
import { OPEN_REQUESTS_POLL_MS } from '#client/features/reservations/components/open-requests-link';
import { Header } from './header';

const session = { session: {}, user: { id: 'u1', email: 'pat@example.com', name: 'Pat' } };
const routes = [{ path: '/', HydrateFallback: () => null, children: [{ index: true, element: <Header /> }] }];

setUpComponentTests({ muteToasts: true });
afterEach(() => vi.useRealTimers());

describe('Header', () => {
  it('signs out without asking for the unread count again when a message arrives meanwhile (it would earn a 401)', async () => {
    const queryClient = testQueryClient();
    let signedIn = true;
    const unreadAsked: boolean[] = [];
    stubFetch({
      'GET /api/auth/get-session': () => json(signedIn ? session : null),
      'GET /api/conversations/unread': () => {
        unreadAsked.push(signedIn);
        return signedIn ? json({ unread: 2 }) : json({ error: { code: 'unauthorized', message: 'Sign in' } }, 401);
      },
      'POST /api/auth/sign-out': async () => {
        // The server ends the session; its live stream then closes, and a message event (or the
        // stream's reconnect) refreshes the message queries a moment later.
        signedIn = false;
        await new Promise((resolve) => setTimeout(resolve, 20));
        await queryClient.invalidateQueries({ queryKey: messageKeys.all });
        return json({ success: true });
      },
    });
    await renderRoutes(routes, ['/'], queryClient);
    await screen.findByRole('link', { name: 'Messages, 2 unread' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Login' })).toBeDefined());
    // The sign-out is over (the menu may show Login before it is, on a busy machine).
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('You have signed out'));
    expect(unreadAsked.length).toBeGreaterThan(0);
    expect(unreadAsked.filter((whileSignedIn) => !whileSignedIn)).toEqual([]);
  });

  it("shows a host the number of booking requests waiting; never asks for a guest's", async () => {
    const host = { session: {}, user: { ...session.user, role: 'host' } };
    let fetch = stubFetch({
      'GET /api/auth/get-session': () => json(host),
      'GET /api/conversations/unread': () => json({ unread: 0 }),
      'GET /api/host/requests/count': () => json({ count: 2 }),
    });
    await renderRoutes(routes, ['/']);
    const link = await screen.findByRole('link', { name: 'Requests, 2 waiting for your answer' });
    expect(link.getAttribute('href')).toBe('/dashboard/reservations');
    // On phones the closed menu hides the link: its button carries the count.
    expect(screen.getByRole('button', { name: 'Menu, 2 requests waiting' })).toBeDefined();
    cleanup();

    fetch = stubFetch({
      'GET /api/auth/get-session': () => json(session),
      'GET /api/conversations/unread': () => json({ unread: 0 }),
      'GET /api/host/requests/count': () => json({ count: 2 }),
    });
    await renderRoutes(routes, ['/'], testQueryClient());
    await screen.findAllByRole('link', { name: 'Messages' });
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/host/requests'))).toBe(false);
  });

  it("counts a host's requests again every 30 s and when the window is back in focus; a guest's never", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const host = { session: {}, user: { ...session.user, role: 'host' } };
    let open = 1;
    const fetch = stubFetch({
      'GET /api/auth/get-session': () => json(host),
      'GET /api/conversations/unread': () => json({ unread: 0 }),
      'GET /api/host/requests/count': () => json({ count: open }),
    });
    const asked = () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/host/requests/count'));
    await renderRoutes(routes, ['/']);
    await screen.findByRole('link', { name: 'Requests, 1 waiting for your answer' });
    expect(asked()).toHaveLength(1);
    // The server counts: the host's reservations are not read every 30 s.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/host/reservations'))).toBe(false);

    // A second guest asks: the badge shows it at the next interval, without a reload.
    open = 2;
    await act(() => vi.advanceTimersByTimeAsync(OPEN_REQUESTS_POLL_MS));
    await screen.findByRole('link', { name: 'Requests, 2 waiting for your answer' });
    expect(asked()).toHaveLength(2);

    // The host answered both in another tab: coming back to this one counts again at once.
    open = 0;
    await act(() => vi.advanceTimersByTimeAsync(OPEN_REQUESTS_POLL_MS / 2));
    expect(asked()).toHaveLength(2);
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Requests/ })).toBeNull());
    expect(asked()).toHaveLength(3);
    cleanup();

    const guestFetch = stubFetch({
      'GET /api/auth/get-session': () => json(session),
      'GET /api/conversations/unread': () => json({ unread: 0 }),
      'GET /api/host/requests/count': () => json({ count: open }),
    });
    await renderRoutes(routes, ['/'], testQueryClient());
    await screen.findAllByRole('link', { name: 'Messages' });
    await act(() => vi.advanceTimersByTimeAsync(3 * OPEN_REQUESTS_POLL_MS));
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(guestFetch.mock.calls.some(([url]) => String(url).includes('/api/host/'))).toBe(false);
  });
});
