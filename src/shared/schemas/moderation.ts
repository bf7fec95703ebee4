/** Reports, moderation, suspensions and blocks (issue 30, ADR 0060): the shapes both sides use. */
import { z } from 'zod';

export const REPORT_TARGET_TYPES = ['home', 'user', 'message', 'review'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['scam', 'unsafe', 'inaccurate', 'harassment', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report dialog and the Moderation screen show for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  unsafe: 'Unsafe or discriminatory',
  inaccurate: 'Inaccurate listing',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Other',
};

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export const REPORT_ACTIONS = ['dismiss', 'remove', 'unlist', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_TEXT_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;

export const reportRequestSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: z.string().trim().min(1).max(100),
    reason: z.enum(REPORT_REASONS),
    text: z.string().trim().max(REPORT_TEXT_MAX).optional(),
  })
  .strict();
export type ReportRequest = z.infer<typeof reportRequestSchema>;

/** What the reporter is told: acknowledged, nothing about what happens next. */
export const reportAckSchema = z.object({ id: z.string(), status: z.literal('open') });

export const adminReportsQuerySchema = z.object({ status: z.enum(REPORT_STATUSES).default('open') }).strict();

/** Why an admin acts: required, recorded in the audit log. */
const note = z.string().trim().min(1, 'Say why (the note is required)').max(MODERATION_NOTE_MAX);

export const resolveReportRequestSchema = z.object({ action: z.enum(REPORT_ACTIONS), note }).strict();
export const moderationNoteSchema = z.object({ note }).strict();

const reportEntrySchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  reporterName: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});

/** The reported thing as the admin sees it (a message with its conversation's id, read through the recorded route). */
const reportedContentSchema = z.object({
  title: z.string(),
  text: z.string().nullable(),
  /** The user who would be suspended: the host, the user, the message's sender, the review's author. */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  conversationId: z.string().nullable(),
  homeId: z.string().nullable(),
  hidden: z.boolean(),
  gone: z.boolean(),
});

const reportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  count: z.number().int(),
  content: reportedContentSchema,
  reports: z.array(reportEntrySchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;
export const reportGroupListSchema = z.object({ groups: z.array(reportGroupSchema) });

/** A confirmed stay still to come of a suspended user, for the admin to cancel (full refund) or keep. */
const suspendedStaySchema = z.object({
  bookingId: z.string(),
  homeTitle: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  role: z.enum(['guest', 'host']),
});
export const suspensionResponseSchema = z.object({
  userId: z.string(),
  suspended: z.boolean(),
  homesChanged: z.number().int(),
  sessionsRevoked: z.number().int(),
  upcomingStays: z.array(suspendedStaySchema),
});
export type SuspensionResponse = z.infer<typeof suspensionResponseSchema>;

/** How many reports were closed; after `suspend`, the suspension (with the stays to decide on). */
export const resolveReportResponseSchema = z.object({
  resolved: z.number().int(),
  action: z.enum(REPORT_ACTIONS),
  suspension: suspensionResponseSchema.nullable(),
});

export const blockResponseSchema = z.object({ userId: z.string(), blocked: z.boolean() });
