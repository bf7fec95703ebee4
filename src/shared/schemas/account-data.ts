/** People's data (issue 30, ADR 0061): the export of GET /api/me/export and the body of DELETE /api/me. */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './users';

/** A person signed in with Google only deletes their account within this many minutes of signing in again. */
export const FRESH_SIGN_IN_MINUTES = 5;

export const deleteAccountSchema = z
  .object({
    password: z
      .string()
      .min(1, 'Enter your password')
      .max(PASSWORD_MAX_LENGTH)
      .optional()
      .describe('Required when the account has a password; without one (Google only), sign in again first'),
  })
  .strict()
  .meta({ id: 'DeleteAccount' });

/** One table's rows about the person, with the fields the export shows (see docs/security.md, data inventory). */
const exportedRows = z.array(z.record(z.string(), z.unknown()));

export const accountExportSchema = z
  .object({
    format: z.literal('stayhub-account-export/1'),
    exportedAt: z.string(),
    userId: z.string(),
    tables: z.record(z.string(), exportedRows).describe('Keyed by table: account, sessions, homes, bookings, ...'),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof accountExportSchema>;
