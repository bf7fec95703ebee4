/**
 * Why moderation unlisted a host's homes (issue 30, ADR 0060), for the host's own list: the
 * suspension, or the report an admin resolved with `unlist` and its note (the one mailed to the host).
 */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { HomeUnlisted } from '#shared/schemas/homes';
import type { Db } from '#server/db/client';
import { homes, moderationReports } from '#server/db/schema';

export async function unlistedReasons(db: Db, homeIds: string[]): Promise<Map<string, HomeUnlisted>> {
  const rows = await db
    .select({ id: homes.id, at: homes.unlistedAt, by: homes.unlistedBy })
    .from(homes)
    .where(and(inArray(homes.id, homeIds), isNotNull(homes.unlistedAt)));
  const answer = new Map<string, HomeUnlisted>();
  if (!rows.length) return answer;
  const notes = await db
    .selectDistinctOn([moderationReports.targetId], {
      homeId: moderationReports.targetId,
      note: moderationReports.note,
    })
    .from(moderationReports)
    .where(
      and(
        eq(moderationReports.targetType, 'home'),
        eq(moderationReports.action, 'unlist'),
        inArray(
          moderationReports.targetId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(moderationReports.targetId, desc(moderationReports.resolvedAt));
  const noteOf = new Map(notes.map((row) => [row.homeId, row.note]));
  for (const row of rows) {
    const reason = row.by === 'suspension' ? 'suspension' : 'report';
    answer.set(row.id, {
      at: row.at!.toISOString(),
      reason,
      note: reason === 'report' ? (noteOf.get(row.id) ?? null) : null,
    });
  }
  return answer;
}
