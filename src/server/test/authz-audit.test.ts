/**
 * The completeness rule of the audit log (ADR 0059) on made-up routes: what the authorisation
 * matrix concludes from the real route table, shown to fail where it must.
 */
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '#server/app';
import { all, only, signedIn, type Case } from './authz-cases';
import { auditedRoutesNeverSucceeding, unauditedAdminRoutes } from './authz-audit';

const request = () => ({ method: 'GET' as const, url: '/' });
const cases = (...expects: Case['expect'][]): Case[] => expects.map((expect, i) => ({ name: `${i}`, request, expect }));
const route = (key: string, audited = false): RouteEntry => {
  const [method, url] = key.split(' ') as [string, string];
  return { method, url, ...(audited ? { audit: { action: 'x.do', targetType: 'home' } } : {}) };
};

describe('the audit completeness rule', () => {
  const matrix: Record<string, Case[]> = {
    'DELETE /api/admin/things/:id': cases(only({ admin: 200 })),
    'POST /api/admin/things/:id/decide': cases(only({ admin: 400 }), only({ admin: 404 })),
    'POST /api/host/things': cases(only({ host: 201 })),
    'POST /api/webhooks/thing': cases(all(404)),
    'PUT /api/profile': cases(signedIn(200)),
    'GET /api/admin/things': cases(only({ admin: 200 })),
    'GET /api/admin/things.csv': cases(only({ admin: 200 })),
    'GET /api/conversations/:id/messages': cases(only({ guest: 200, admin: 200 }, 404)),
  };

  it('names every admin write, export and private read without config.audit; not host-only, public or self-service routes, nor plain lists', () => {
    const routes = Object.keys(matrix).map((key) => route(key));
    expect(unauditedAdminRoutes(routes, matrix)).toEqual([
      'DELETE /api/admin/things/:id',
      'POST /api/admin/things/:id/decide',
      'GET /api/admin/things.csv',
      'GET /api/conversations/:id/messages',
    ]);
    expect(
      unauditedAdminRoutes(
        routes.map((r) => ({ ...r, audit: { action: 'x.do', targetType: 'home' } })),
        matrix,
      ),
    ).toEqual([]);
  });

  it('names an audited route no matrix case shows an admin succeeding at', () => {
    const routes = [route('DELETE /api/admin/things/:id', true), route('POST /api/admin/things/:id/decide', true)];
    expect(auditedRoutesNeverSucceeding(routes, matrix)).toEqual(['POST /api/admin/things/:id/decide']);
  });
});
