// @vitest-environment jsdom
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import {
  buttonByText,
  click,
  json,
  type RenderedRoutes,
  renderRoutes,
  setUpComponentTests,
  stubFetch,
  userRecord,
  waitFor,
} from '#client/test/render-routes';
import { AllUsersPage, APPROVED, DECLINED } from './all-users';

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
let view: RenderedRoutes | undefined;

const rows = () => [...view!.container.querySelectorAll('tbody tr')];

describe('AllUsersPage', () => {
  it('shows a progress bar, then Email/Role/Action with Approve Request only on requested rows', async () => {
    let answer: ((r: Response) => void) | undefined;
    stubFetch({ 'GET /api/users': () => new Promise<Response>((resolve) => (answer = resolve)) });
    view = await renderRoutes([{ path: '/', element: <AllUsersPage /> }], ['/']);
    expect(view.container.querySelector('progress')).not.toBeNull();
    await waitFor(() => expect(answer).toBeDefined());
    answer!(
      json([
        user('admin@example.com', 'admin'),
        user('ana@example.com', 'requested', '/api/documents/abc'),
        user('bo@example.com', null),
        user('cy@example.com', 'host'),
      ]),
    );
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect([...view.container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Email', 'Role', 'Action']);
    const withApprove = rows().filter((row) => row.textContent?.includes(TEXTS.approveRequest));
    expect(withApprove).toHaveLength(1);
    expect(withApprove[0]?.textContent).toContain('ana@example.com');
    const link = withApprove[0]?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/api/documents/abc');
    expect(link?.getAttribute('target')).toBe('_blank');
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
    view = await renderRoutes([{ path: '/', element: <AllUsersPage /> }], ['/']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    click(buttonByText(view.container, TEXTS.approveRequest));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('host'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ role: 'host' });
    expect(toast.success).toHaveBeenCalledWith(APPROVED);
    expect(view.container.textContent).not.toContain(TEXTS.approveRequest);
  });

  it('declines with PUT {role: null}', async () => {
    const fetchMock = stubFetch({
      'GET /api/users': json([user('ana@example.com', 'requested')]),
      'PUT /api/user/ana%40example.com': json({ acknowledged: true, modifiedCount: 1, upsertedCount: 0 }),
    });
    view = await renderRoutes([{ path: '/', element: <AllUsersPage /> }], ['/']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    click(buttonByText(view.container, 'Decline'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(DECLINED));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ role: null });
  });

  it("shows the server's message when approval is refused", async () => {
    stubFetch({
      'GET /api/users': json([user('ana@example.com', 'requested')]),
      'PUT /api/user/ana%40example.com': json(
        { error: { code: 'forbidden', message: 'Only admins can approve' } },
        403,
      ),
    });
    view = await renderRoutes([{ path: '/', element: <AllUsersPage /> }], ['/']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    click(buttonByText(view.container, TEXTS.approveRequest));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only admins can approve'));
  });

  it('says so when there are no users', async () => {
    stubFetch({ 'GET /api/users': json([]) });
    view = await renderRoutes([{ path: '/', element: <AllUsersPage /> }], ['/']);
    await waitFor(() => expect(view?.container.textContent).toContain('There are no users yet.'));
  });
});
