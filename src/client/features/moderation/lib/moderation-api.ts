/** Reports, moderation, suspensions and blocks (issue 30): the calls the screens make. */
import type { z } from 'zod';
import {
  blockResponseSchema,
  reportAckSchema,
  reportGroupListSchema,
  resolveReportResponseSchema,
  suspensionResponseSchema,
  type ReportAction,
  type ReportGroup,
  type ReportRequest,
} from '#shared/schemas/moderation';
import { apiRequest } from '#client/lib/api';

export const moderationKeys = {
  reports: (status: 'open' | 'resolved') => ['moderation', 'reports', status] as const,
  block: (userId: string) => ['moderation', 'block', userId] as const,
};

const send = (method: 'POST' | 'DELETE', body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
});

export async function submitReport(report: ReportRequest): Promise<z.infer<typeof reportAckSchema>> {
  return (await apiRequest('/api/reports', reportAckSchema, send('POST', report))).data;
}

export async function fetchReports(status: 'open' | 'resolved', signal?: AbortSignal): Promise<ReportGroup[]> {
  return (await apiRequest(`/api/admin/reports?status=${status}`, reportGroupListSchema, { signal })).data.groups;
}

export async function resolveReport(reportId: string, action: ReportAction, note: string) {
  const path = `/api/admin/reports/${encodeURIComponent(reportId)}/resolve`;
  return (await apiRequest(path, resolveReportResponseSchema, send('POST', { action, note }))).data;
}

/** Whether the signed-in user blocked this user (GET /api/users/{id}/block). */
export async function fetchBlocked(userId: string, signal?: AbortSignal) {
  const path = `/api/users/${encodeURIComponent(userId)}/block`;
  return (await apiRequest(path, blockResponseSchema, { signal })).data;
}

export async function setBlocked(userId: string, blocked: boolean) {
  const path = `/api/users/${encodeURIComponent(userId)}/block`;
  return (await apiRequest(path, blockResponseSchema, send(blocked ? 'POST' : 'DELETE'))).data;
}

/** Lifts a suspension (the admin's note says why): sign-in allowed, the homes it unlisted listed again. */
export async function liftSuspension(userId: string, note: string) {
  const path = `/api/admin/users/${encodeURIComponent(userId)}/unsuspend`;
  return (await apiRequest(path, suspensionResponseSchema, send('POST', { note }))).data;
}
