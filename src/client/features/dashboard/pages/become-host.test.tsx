// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import { json, renderRoutes, setUpComponentTests, stubFetch, userRecord } from '#client/test/render-routes';
import { BecomeHostPage, REQUEST_SENT } from './become-host';

const session = { session: {}, user: { id: 'u1', email: 'guest@example.com', name: 'Guest' } };
const record = (role: User['role']) => userRecord({ role });

setUpComponentTests({ muteToasts: true });

const render = () => renderRoutes([{ path: '/', element: <BecomeHostPage /> }], ['/']);
const sendButton = () => screen.findByRole('button', { name: TEXTS.sendingRequest });

async function fillForm() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Your Location' }), 'Lisbon');
  await user.upload(screen.getByLabelText('Upload your image'), new File(['x'], 'passport.png', { type: 'image/png' }));
  await user.click(screen.getByRole('checkbox', { name: 'Agree to Privacy Policy' }));
  return user;
}

describe('BecomeHostPage', () => {
  it('shows the waiting message when a request was already sent', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': json(record('requested')),
    });
    await render();
    expect((await screen.findByText(REQUEST_SENT)).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: TEXTS.sendingRequest })).toBeNull();
  });

  it('tells a host they already are one', async () => {
    stubFetch({
      'GET /api/auth/get-session': json(session),
      'GET /api/user/guest%40example.com': json(record('host')),
    });
    await render();
    expect(await screen.findByText('You are already a host.')).toBeDefined();
  });

  it('requires location, image and the privacy checkbox, with errors linked to the fields', async () => {
    stubFetch({ 'GET /api/auth/get-session': json(session), 'GET /api/user/guest%40example.com': json(record(null)) });
    const { container } = await render();
    await userEvent.click(await sendButton());
    await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(3));
    for (const input of container.querySelectorAll('[aria-invalid="true"]')) {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      expect(ids.some((id) => document.getElementById(id)?.className.includes('text-red-700'))).toBe(true);
    }
  });

  it('uploads the document privately, sends the request and says so once (no toast repeating it)', async () => {
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
    await render();
    await sendButton();
    const user = await fillForm();
    await user.click(await sendButton());
    expect(await screen.findByText(REQUEST_SENT)).toBeDefined();
    expect(toast.success).not.toHaveBeenCalled();
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
    await render();
    await sendButton();
    const user = await fillForm();
    await user.click(await sendButton());
    await waitFor(() => expect(screen.getByLabelText('Upload your image').getAttribute('aria-invalid')).toBe('true'));
    expect(toast.error).toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Your Location' }) as HTMLInputElement).value).toBe('Lisbon');
    expect((screen.getByRole('checkbox', { name: 'Agree to Privacy Policy' }) as HTMLInputElement).checked).toBe(true);
  });
});
