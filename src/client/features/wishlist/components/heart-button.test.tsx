// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderRoutes, setUpComponentTests, stubFetch } from '#client/test/render-routes';
import { HeartButton } from './heart-button';

const HOME = '0b6f3c1e-6a53-4b55-9b0c-8d2b7d2f1a10';
const routes = [
  {
    path: '/',
    HydrateFallback: () => null,
    children: [
      { path: 'all-home', element: <HeartButton homeId={HOME} title="Sunny loft" /> },
      { path: 'login', element: <h1>Login</h1> },
    ],
  },
];
const session = { session: {}, user: { id: 'u1', email: 'pat@example.com', name: 'Pat' } };

setUpComponentTests({ muteToasts: true });

describe('HeartButton', () => {
  it('sends a signed-out visitor to /login carrying the intent to save this home', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(null) });
    const view = await renderRoutes(routes, ['/all-home']);
    const heart = await screen.findByRole('button', { name: 'Save Sunny loft' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(heart);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(view.router.state.location.search).get('from')).toBe(`/all-home?save=${HOME}`);
  });

  it('saves the home on coming back signed in with the intent, then drops it from the address', async () => {
    const saved: string[] = [];
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/wishlist': () => json({ items: [], homeIds: saved }),
      [`PUT /api/wishlist/${HOME}`]: () => {
        saved.push(HOME);
        return new Response(null, { status: 204 });
      },
    });
    const view = await renderRoutes(routes, [`/all-home?save=${HOME}`]);
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Sunny loft' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(saved).toEqual([HOME]);
  });

  it('toggles with the keyboard for a signed-in user (PUT, then DELETE)', async () => {
    const calls: string[] = [];
    let ids: string[] = [];
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/wishlist': () => json({ items: [], homeIds: ids }),
      [`PUT /api/wishlist/${HOME}`]: () => {
        calls.push('PUT');
        ids = [HOME];
        return new Response(null, { status: 204 });
      },
      [`DELETE /api/wishlist/${HOME}`]: () => {
        calls.push('DELETE');
        ids = [];
        return new Response(null, { status: 204 });
      },
    });
    await renderRoutes(routes, ['/all-home']);
    const heart = await screen.findByRole('button', { name: 'Save Sunny loft' });
    heart.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(calls).toEqual(['PUT', 'DELETE']);
  });

  describe('pressed before the session has loaded (a server-rendered page is usable first)', () => {
    /** An answer the test releases when it chooses. */
    function held(body: unknown) {
      let release!: () => void;
      const answer = new Promise<Response>((resolve) => {
        release = () => resolve(json(body));
      });
      return { handler: () => answer, release: () => release() };
    }

    it('saves for a signed-in guest instead of sending them to /login', async () => {
      const sessionAnswer = held(session);
      const calls: string[] = [];
      stubFetch({
        'GET /api/auth/get-session': sessionAnswer.handler,
        'GET /api/wishlist': () => json({ items: [], homeIds: calls.includes('PUT') ? [HOME] : [] }),
        [`PUT /api/wishlist/${HOME}`]: () => {
          calls.push('PUT');
          return new Response(null, { status: 204 });
        },
      });
      const view = await renderRoutes(routes, ['/all-home']);
      const heart = await screen.findByRole('button', { name: 'Save Sunny loft' });
      await userEvent.click(heart);
      expect(heart.getAttribute('aria-busy')).toBe('true');
      expect(calls).toEqual([]);
      sessionAnswer.release();
      await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
      expect(view.router.state.location.pathname).toBe('/all-home');
      expect(calls).toEqual(['PUT']);
      await waitFor(() => expect(heart.getAttribute('aria-busy')).toBe('false'));
    });

    it('removes a home already saved when the press came before the saved list', async () => {
      const listAnswer = held({ items: [], homeIds: [HOME] });
      const calls: string[] = [];
      let listed = false;
      stubFetch({
        'GET /api/auth/get-session': json(session),
        'GET /api/wishlist': () => {
          if (listed) return json({ items: [], homeIds: calls.includes('DELETE') ? [] : [HOME] });
          listed = true;
          return listAnswer.handler();
        },
        [`PUT /api/wishlist/${HOME}`]: () => {
          calls.push('PUT');
          return new Response(null, { status: 204 });
        },
        [`DELETE /api/wishlist/${HOME}`]: () => {
          calls.push('DELETE');
          return new Response(null, { status: 204 });
        },
      });
      await renderRoutes(routes, ['/all-home']);
      const heart = await screen.findByRole('button', { name: 'Save Sunny loft' });
      await waitFor(() => expect(listed).toBe(true));
      await userEvent.click(heart);
      expect(calls).toEqual([]);
      listAnswer.release();
      await waitFor(() => expect(calls).toEqual(['DELETE']));
      await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    });

    it('still sends a signed-out visitor to /login once the session says so', async () => {
      const sessionAnswer = held(null);
      stubFetch({ 'GET /api/auth/get-session': sessionAnswer.handler });
      const view = await renderRoutes(routes, ['/all-home']);
      await userEvent.click(await screen.findByRole('button', { name: 'Save Sunny loft' }));
      expect(view.router.state.location.pathname).toBe('/all-home');
      sessionAnswer.release();
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
      expect(new URLSearchParams(view.router.state.location.search).get('from')).toBe(`/all-home?save=${HOME}`);
    });
  });
});
