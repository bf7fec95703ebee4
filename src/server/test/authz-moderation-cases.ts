/**
 * The authorisation matrix's cases for reports, moderation, suspensions and blocks (issue 30);
 * src/server/authz-matrix.test.ts spreads them into its MATRIX. Each request names a fresh target,
 * so no actor is ever suspended and no report is resolved twice.
 */
import { moderationReports } from '../db/schema';
import { only, signedIn, type Case } from './authz-cases';
import type { MatrixContext } from './authz-calendar-cases';
import { insertHome, insertUser } from './factories';

const NOTE = { note: 'Checked by the matrix' };

export function moderationCases({ t }: Pick<MatrixContext, 't'>): Record<string, Case[]> {
  const freshUserId = async () => (await insertUser(t.db)).id;
  async function freshReportId() {
    const home = await insertHome(t.db);
    const [row] = await t.db
      .insert(moderationReports)
      .values({ reporterId: await freshUserId(), targetType: 'home', targetId: home.id, reason: 'spam' })
      .returning({ id: moderationReports.id });
    return row!.id;
  }
  return {
    'POST /api/reports': [
      {
        name: 'report a home (anyone signed in)',
        request: async () => ({
          method: 'POST',
          url: '/api/reports',
          payload: { targetType: 'home', targetId: (await insertHome(t.db)).id, reason: 'scam' },
        }),
        expect: signedIn(201),
      },
    ],
    'GET /api/admin/reports': [
      {
        name: 'open reports (admin)',
        request: () => ({ method: 'GET', url: '/api/admin/reports?status=open' }),
        expect: only({ admin: 200 }),
      },
    ],
    'POST /api/admin/reports/:id/resolve': [
      {
        name: 'dismiss a report (admin)',
        request: async () => ({
          method: 'POST',
          url: `/api/admin/reports/${await freshReportId()}/resolve`,
          payload: { action: 'dismiss', ...NOTE },
        }),
        expect: only({ admin: 200 }),
      },
    ],
    'POST /api/admin/users/:id/suspend': [
      {
        name: 'suspend a user (admin)',
        request: async () => ({
          method: 'POST',
          url: `/api/admin/users/${await freshUserId()}/suspend`,
          payload: NOTE,
        }),
        expect: only({ admin: 200 }),
      },
    ],
    'POST /api/admin/users/:id/unsuspend': [
      {
        name: 'lift a suspension (admin)',
        request: async () => ({
          method: 'POST',
          url: `/api/admin/users/${await freshUserId()}/unsuspend`,
          payload: NOTE,
        }),
        expect: only({ admin: 200 }),
      },
    ],
    'POST /api/users/:id/block': [
      {
        name: 'block a user (anyone signed in)',
        request: async () => ({ method: 'POST', url: `/api/users/${await freshUserId()}/block` }),
        expect: signedIn(200),
      },
    ],
    'GET /api/users/:id/block': [
      {
        name: 'whether I blocked a user (anyone signed in)',
        request: async () => ({ method: 'GET', url: `/api/users/${await freshUserId()}/block` }),
        expect: signedIn(200),
      },
    ],
    'DELETE /api/users/:id/block': [
      {
        name: 'unblock a user (anyone signed in)',
        request: async () => ({ method: 'DELETE', url: `/api/users/${await freshUserId()}/block` }),
        expect: signedIn(200),
      },
    ],
  };
}
