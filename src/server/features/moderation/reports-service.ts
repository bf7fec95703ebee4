/**
 * Reports and their resolution (issue 30, ADR 0060). A reporter is acknowledged and nothing more;
 * the reported person is never told who reported. Resolving a report closes every open report on
 * the same target with the same action and note.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ReportAction, ReportGroup, ReportRequest, SuspensionResponse } from '#shared/schemas/moderation';
import { homes, messages, moderationReports, reviews, users, type ModerationReportRow } from '#server/db/schema';
import { DomainError, conflict, invalid, notFound } from '#server/domain-errors';
import type { MailSender } from '#server/providers/mail/mail-queue';
import { escapeHtml, ownWords, quotedBlock, quotedBlockHtml } from '#server/providers/mail/user-text';
import { findReportTarget } from './report-targets';
import { suspendUser, type SuspensionDeps } from './suspension-service';

export interface ReportDeps extends SuspensionDeps {
  mail: MailSender;
  publicUrl: string;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === UNIQUE_VIOLATION ||
  (err as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/** POST /api/reports: the target must exist and be the caller's to see; one open report per reporter and target. */
export async function createReport(deps: ReportDeps, reporterId: string, input: ReportRequest) {
  const now = deps.clock.now();
  const target = await findReportTarget(deps.db, input.targetType, input.targetId);
  // Something the caller cannot see is answered as something that does not exist.
  if (!target || !target.visibleTo(reporterId, now)) {
    throw new DomainError('not_found', 'report_target_not_found', 'There is nothing to report with this id.');
  }
  try {
    const [row] = await deps.db
      .insert(moderationReports)
      .values({
        reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        text: input.text || null,
        createdAt: now,
      })
      .returning({ id: moderationReports.id });
    return { id: row!.id, status: 'open' as const };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw conflict('You already reported this. Our team is looking at it.', 'report_already_open');
    }
    throw err;
  }
}

const REPORTS_SHOWN = 500;

/** GET /api/admin/reports: reports grouped by target (most reported first), each with the content in context. */
export async function listReportGroups(deps: ReportDeps, status: 'open' | 'resolved'): Promise<ReportGroup[]> {
  const rows = await deps.db
    .select({ report: moderationReports, reporterName: users.name })
    .from(moderationReports)
    .leftJoin(users, eq(users.id, moderationReports.reporterId))
    .where(eq(moderationReports.status, status))
    .orderBy(desc(moderationReports.createdAt))
    .limit(REPORTS_SHOWN);
  const groups = new Map<string, { first: ModerationReportRow; entries: typeof rows }>();
  for (const row of rows) {
    const key = `${row.report.targetType}:${row.report.targetId}`;
    const group = groups.get(key) ?? { first: row.report, entries: [] };
    group.entries.push(row);
    groups.set(key, group);
  }
  const answer = await Promise.all(
    [...groups.values()].map(async ({ first, entries }): Promise<ReportGroup> => {
      const target = await findReportTarget(deps.db, first.targetType, first.targetId);
      const { visibleTo: _visibleTo, ...content } = target ?? {
        title: 'No longer exists',
        text: null,
        userId: null,
        userName: null,
        conversationId: null,
        homeId: null,
        hidden: false,
        visibleTo: () => false,
      };
      return {
        targetType: first.targetType,
        targetId: first.targetId,
        count: entries.length,
        content: { ...content, gone: !target },
        reports: entries.map(({ report, reporterName }) => ({
          id: report.id,
          reason: report.reason,
          text: report.text,
          reporterName,
          createdAt: report.createdAt.toISOString(),
          status: report.status,
          action: report.action,
          note: report.note,
          resolvedAt: report.resolvedAt?.toISOString() ?? null,
        })),
      };
    }),
  );
  return answer.sort((a, b) => b.count - a.count);
}

const ACTION_TARGETS: Record<ReportAction, readonly string[]> = {
  dismiss: ['home', 'user', 'message', 'review'],
  remove: ['message', 'review'],
  unlist: ['home'],
  // The target user, or whoever wrote, sent or hosts what was reported.
  suspend: ['home', 'user', 'message', 'review'],
};

/** The host learns why their home left StayHub (the admin's note), not who reported it. */
function unlistedMail(to: string, name: string, title: string, note: string, publicUrl: string) {
  const lines = [
    `Your home "${ownWords(title)}" was unlisted after a review by our team: it no longer appears in search and cannot be booked.`,
    'Existing bookings are kept.',
  ];
  const text = [
    `Hello ${ownWords(name)},`,
    '',
    ...lines,
    '',
    'Message from the admin:',
    quotedBlock(note),
    '',
    `Contact support from ${publicUrl} if you think this is a mistake.`,
    '',
    'StayHub',
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(ownWords(name))},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    `<p>Message from the admin:</p>${quotedBlockHtml(note)}<p>StayHub</p>`;
  return { to, subject: 'Your StayHub home was unlisted', text, html };
}

async function unlistHome(deps: ReportDeps, homeId: string, note: string, now: Date) {
  await deps.db.transaction(async (tx) => {
    // A home the host's suspension had unlisted now stays unlisted when the suspension is lifted.
    const [home] = await tx
      .update(homes)
      .set({ unlistedAt: now, unlistedBy: 'report', updatedAt: now })
      .where(eq(homes.id, homeId))
      .returning({ title: homes.title, hostId: homes.hostId });
    const [host] = home?.hostId
      ? await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, home.hostId))
      : [];
    if (home && host) await deps.mail.send(unlistedMail(host.email, host.name, home.title, note, deps.publicUrl), tx);
  });
}

/** POST /api/admin/reports/{id}/resolve. */
export async function resolveReport(
  deps: ReportDeps,
  adminId: string,
  reportId: string,
  input: { action: ReportAction; note: string },
) {
  const [report] = /^[0-9a-f-]{36}$/i.test(reportId)
    ? await deps.db.select().from(moderationReports).where(eq(moderationReports.id, reportId)).limit(1)
    : [];
  if (!report) throw notFound('No report with this id');
  if (report.status !== 'open') throw conflict('This report was already resolved', 'report_resolved');
  if (!ACTION_TARGETS[input.action].includes(report.targetType)) {
    throw invalid(`A ${report.targetType} cannot be resolved with "${input.action}"`, 'action_not_applicable');
  }
  const now = deps.clock.now();
  const { targetType, targetId } = report;
  let suspension: SuspensionResponse | null = null;
  if (input.action === 'remove' && targetType === 'review') {
    await deps.db
      .update(reviews)
      .set({ hiddenAt: now })
      .where(and(eq(reviews.id, targetId), isNull(reviews.hiddenAt)));
  } else if (input.action === 'remove') {
    await deps.db
      .update(messages)
      .set({ hiddenAt: now })
      .where(and(eq(messages.id, Number(targetId)), isNull(messages.hiddenAt)));
  } else if (input.action === 'unlist') {
    await unlistHome(deps, targetId, input.note, now);
  } else if (input.action === 'suspend') {
    const target = await findReportTarget(deps.db, targetType, targetId);
    if (!target?.userId) throw conflict('Nobody to suspend: the account is gone', 'user_gone');
    suspension = await suspendUser(deps, target.userId);
  }
  const closed = await deps.db
    .update(moderationReports)
    .set({ status: 'resolved', action: input.action, note: input.note, resolvedBy: adminId, resolvedAt: now })
    .where(
      and(
        eq(moderationReports.targetType, targetType),
        eq(moderationReports.targetId, targetId),
        eq(moderationReports.status, 'open'),
      ),
    )
    .returning({ id: moderationReports.id });
  return { resolved: closed.length, action: input.action, suspension };
}
