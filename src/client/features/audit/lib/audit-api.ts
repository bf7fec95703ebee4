/** The audit log of admins' actions (issue 30): GET /api/admin/audit, a page at a time (admins). */
import { auditPageSchema, type AuditPage } from '#shared/schemas/audit';
import { apiRequest } from '#client/lib/api';

/** The filters as the form holds them: empty means "any". Dates are whole days, UTC. */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

export const auditKeys = {
  all: ['audit'] as const,
  list: (f: AuditFilters) => ['audit', f.actor, f.action, f.from, f.to] as const,
};

/** The query string of the filters (and a page's cursor); empty filters are left out. */
function auditQuery(f: AuditFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const key of ['actor', 'action', 'from', 'to'] as const) if (f[key].trim()) params.set(key, f[key].trim());
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function fetchAudit(f: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return (await apiRequest(`/api/admin/audit${auditQuery(f, cursor)}`, auditPageSchema, { signal })).data;
}
