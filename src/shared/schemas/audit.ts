/**
 * The audit log of admin actions (issue 30, ADR 0059): the API contract of GET /api/admin/audit.
 * A row is written by the server for each successful call of an audited route by an admin
 * (src/server/features/audit); nothing in the API writes or changes one.
 */
import { z } from 'zod';
import { isoDate } from './common';

/** What an admin action can be done to; the database checks the same list. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'home',
  'booking',
  'review',
  'message',
  'conversation',
  'report',
  'claim',
  'payout',
  'document',
  'ledger',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Rows per page of GET /api/admin/audit (newest first). */
export const AUDIT_PAGE_SIZE = 50;

/** The instant an ISO date or date-time names (a bare date: its start, UTC). */
const instant = z.union([isoDate, z.iso.datetime({ offset: true })]);

/** GET /api/admin/audit */
export const auditQuerySchema = z
  .object({
    actor: z
      .string()
      .trim()
      .min(1)
      .max(320)
      .optional()
      .describe('The admin who acted: their email (any case, as it was when they acted) or their user id'),
    action: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("An action ('host.approve'), or a family of them ending in a dot ('host.')"),
    from: instant.optional().describe('Rows at or after this instant (a date: its start, UTC)'),
    to: instant.optional().describe('Rows before this instant (a date: its start, UTC)'),
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, 'cursor: a row id from nextCursor')
      .optional()
      .describe('From nextCursor: the page of older rows'),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const auditEntrySchema = z
  .object({
    id: z.string().describe('Also the paging cursor'),
    at: z.string().describe('When (ISO 8601, UTC)'),
    actorId: z.string(),
    actorEmail: z
      .string()
      .nullable()
      .describe("The admin's email when they acted; null once their account was deleted"),
    actorName: z.string().nullable().describe("The admin's name when they acted; null once their account was deleted"),
    action: z.string().describe("What was done, as noun.verb: 'host.approve', 'booking.cancel'"),
    targetType: z.enum(AUDIT_TARGET_TYPES),
    targetId: z.string().nullable().describe('What it was done to (an id), when the action names one'),
    note: z.string().nullable().describe('Why: the note or reason the admin gave, if any'),
    route: z.string().describe("The API route called, as 'METHOD /api/path/:param'"),
    requestId: z.string().describe('The request id, as in the server logs'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({
    entries: z.array(auditEntrySchema),
    nextCursor: z.string().nullable().describe('Pass as ?cursor= for older rows; null on the last page'),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
