// @vitest-environment jsdom
import { act } from 'react';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import {
  json,
  type RenderedRoutes,
  renderRoutes,
  setUpComponentTests,
  stubFetch,
  typeInto,
  userRecord,
  waitFor,
} from '#client/test/render-routes';
import { BecomeHostPage, REQUEST_SENT } from './become-host';

const session = { session: {}, user: { id: 'u1', email: 'guest@example.com', name: 'Guest' } };
const record = (role: User['role']) => userRecord({ role });

setUpComponentTests({ muteToasts: true });
let view: RenderedRoutes | undefined;

function chooseFile(input: HTMLInputElement, file: File) {
  const list = {
    0: file,
    length: 1,
    item: () => file,
    [Symbol.iterator]: function* () {
      yield file;
    },
  };
  Object.setPrototypeOf(list, FileList.prototype);
  Object.defineProperty(input, 'files', { configurable: true, get: () => list });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    view!.container.querySelector('form')!.requestSubmit();
  });
}

const render = () => renderRoutes([{ path: '/', element: <BecomeHostPage /> }], ['/']);

describe('BecomeHostPage', () => {
  it('shows the waiting message when a request was already sent', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': json(record('requested')),
    });
    view = await render();
    await waitFor(() => expect(view?.container.textContent).toContain(REQUEST_SENT));
    expect(view.container.querySelector('form')).toBeNull();
  });

  it('tells a host they already are one', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': json(record('host')),
    });
    view = await render();
    await waitFor(() => expect(view?.container.textContent).toContain('You are already a host.'));
  });

  it('requires location, image and the privacy checkbox, with errors linked to the fields', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/guest%40example.com': json(record(null)) });
    view = await render();
    await waitFor(() => expect(view?.container.querySelector('form')).not.toBeNull());
    await submit();
    await waitFor(() => expect(view?.container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(3));
    for (const input of view.container.querySelectorAll('[aria-invalid="true"]')) {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.some((id) => document.getElementById(id)?.className.includes('text-red-700'))).toBe(true);
    }
  });

  it('uploads the document privately, sends the request and shows the pending state', async () => {
    let role: User['role'] = null;
    const fetchMock = stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': () => json(record(role)),
      'POST /api/uploads': ({ url }) =>
        url.searchParams.get('purpose') === 'document'
          ? json({ data: { display_url: '/api/documents/key1' } })
          : json({ error: { code: 'bad', message: 'wrong purpose' } }, 400),
      'PUT /api/user/guest%40example.com': () => {
        role = 'requested';
        return json({ acknowledged: true, modifiedCount: 1, upsertedCount: 0 });
      },
    });
    view = await render();
    await waitFor(() => expect(view?.container.querySelector('form')).not.toBeNull());
    const [location, file, agree] = [...view.container.querySelectorAll('input')];
    typeInto(location!, 'Lisbon');
    chooseFile(file!, new File(['x'], 'passport.png', { type: 'image/png' }));
    act(() => agree!.click());
    expect(view.container.querySelector('button[type="submit"]')?.textContent).toBe(TEXTS.sendingRequest);
    await submit();
    await waitFor(() => expect(view?.container.textContent).toContain(REQUEST_SENT));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      email: 'guest@example.com',
      location: 'Lisbon',
      docImage: '/api/documents/key1',
      role: 'requested',
    });
  });

  it('keeps the input and marks the image when the upload fails', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/guest%40example.com': json(record(null)) });
    view = await render();
    await waitFor(() => expect(view?.container.querySelector('form')).not.toBeNull());
    const [location, file, agree] = [...view.container.querySelectorAll('input')];
    typeInto(location!, 'Lisbon');
    chooseFile(file!, new File(['x'], 'passport.png', { type: 'image/png' }));
    act(() => agree!.click());
    await submit();
    await waitFor(() => expect(file!.getAttribute('aria-invalid')).toBe('true'));
    expect(toast.error).toHaveBeenCalled();
    expect(location!.value).toBe('Lisbon');
    expect(agree!.checked).toBe(true);
  });
});
