// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/schemas/audit';
import { json, renderRoutes, setUpComponentTests, stubFetch, type FetchHandler } from '#client/test/render-routes';
import { AuditPage } from './audit-page';

setUpComponentTests();

const routes = [{ path: '/dashboard/audit', element: <AuditPage /> }];

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: String(id),
  at: '2026-11-22T09:30:00.000Z',
  actorId: 'admin-1',
  actorEmail: 'admin@stayhub.test',
  actorName: 'Ada Admin',
  action: 'host.approve',
  targetType: 'user',
  targetId: 'user-7',
  note: null,
  route: 'PUT /api/user/:email',
  requestId: `req-${id}`,
  ...over,
});

/** Two pages: 3 and 2 (newest first), filtered as the server would by action family. */
const ALL = [
  entry(5, { action: 'host.decline', note: 'The document is unreadable' }),
  entry(4, { action: 'booking.cancel', targetType: 'booking', targetId: 'b-1', actorEmail: null, actorName: null }),
  entry(3),
  entry(2, { action: 'conversation.read', targetType: 'conversation', targetId: 'c-9' }),
  entry(1, { action: 'some.new_action', targetType: 'report', targetId: 'r-1' }),
];
const audit: FetchHandler = ({ url }) => {
  const action = url.searchParams.get('action');
  const rows = ALL.filter((e) => !action || e.action.startsWith(action));
  const cursor = Number(url.searchParams.get('cursor') ?? Infinity);
  const page = rows.filter((e) => Number(e.id) < cursor).slice(0, 3);
  const more = rows.filter((e) => Number(e.id) < cursor).length > 3;
  return json({ entries: page, nextCursor: more ? page.at(-1)!.id : null });
};

const rowsText = async () => {
  const table = await screen.findByRole('region', { name: 'Admin actions' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
};

describe('AuditPage', () => {
  it('says when no admin has acted yet', async () => {
    stubFetch({ 'GET /api/admin/audit': json({ entries: [], nextCursor: null }) });
    await renderRoutes(routes, ['/dashboard/audit']);
    expect(await screen.findByText('No admin actions yet: each one shows here once an admin takes it.')).toBeDefined();
  });

  it('lists the actions newest first with who, what, target and why, and pages to older ones', async () => {
    stubFetch({ 'GET /api/admin/audit': audit });
    await renderRoutes(routes, ['/dashboard/audit']);
    expect(await rowsText()).toEqual([
      '2026-11-22 09:30 UTCadmin@stayhub.testDeclined a host requesthost.declineuseruser-7The document is unreadable',
      '2026-11-22 09:30 UTCDeleted userCancelled a bookingbooking.cancelbookingb-1—',
      '2026-11-22 09:30 UTCadmin@stayhub.testApproved a host requesthost.approveuseruser-7—',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show older actions' }));
    await screen.findByText('some.new_action');
    expect(await rowsText()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Show older actions' })).toBeNull();
  });

  it('sends the filters, checks the period, and says when nothing matches', async () => {
    const fetch = stubFetch({ 'GET /api/admin/audit': audit });
    await renderRoutes(routes, ['/dashboard/audit']);
    await screen.findByRole('region', { name: 'Admin actions' });
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/admin/audit');

    await userEvent.type(screen.getByLabelText("Admin's email"), 'admin@stayhub.test');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Host requests');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-30');
    await userEvent.type(screen.getByLabelText('To (not included)'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end must be after the start')).toBeDefined();

    await userEvent.clear(screen.getByLabelText('To (not included)'));
    await userEvent.type(screen.getByLabelText('To (not included)'), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await rowsText()).toHaveLength(2);
    expect(String(fetch.mock.calls.at(-1)![0])).toBe(
      '/api/admin/audit?actor=admin%40stayhub.test&action=host.&from=2026-11-30&to=2026-12-01',
    );

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Damage claims');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No admin actions match these filters.')).toBeDefined();
  });
});
