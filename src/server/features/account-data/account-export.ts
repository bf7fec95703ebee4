/**
 * GET /api/me/export (issue 30, ADR 0061): every row the registry of people's data finds for the
 * person, with the fields its entry lets out (never tokens or password hashes). One JSON document.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AccountExport } from '#shared/schemas/account-data';
import type { Db } from '#server/db/client';
import { USER_DATA, type DataSubject } from './data-registry';

export async function exportAccount(db: Db, me: DataSubject, now: Date): Promise<AccountExport> {
  const tables: AccountExport['tables'] = {};
  for (const [name, entry] of Object.entries(USER_DATA)) {
    const columns = getTableColumns(entry.table) as Record<string, PgColumn>;
    const fields = Object.fromEntries(entry.exportFields.map((key) => [key, columns[key]!]));
    const rows = await db.select(fields).from(entry.table).where(entry.rowsOf(me));
    // Dates as ISO strings, as the rest of the API answers them.
    tables[name] = JSON.parse(JSON.stringify(rows)) as Record<string, unknown>[];
  }
  return { format: 'stayhub-account-export/1', exportedAt: now.toISOString(), userId: me.id, tables };
}
