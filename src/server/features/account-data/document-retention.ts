/**
 * Retention of host-request documents (issue 30, ADR 0061): an identity document is needed only
 * until an admin decides the request, so HOST_DOCUMENT_RETENTION_DAYS after the decision its file
 * and upload row are deleted and the user's `doc_image` is cleared. A pending request keeps it.
 */
import { and, inArray, isNotNull, lt, ne, or, isNull } from 'drizzle-orm';
import type { JobOptions, ServiceLog } from '#server/app-context';
import type { Db } from '#server/db/client';
import { uploads, users } from '#server/db/schema';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import type { Clock } from '#server/providers/clock/clock';
import type { StorageProvider } from '#server/providers/storage/storage';

const DEFAULT_HOST_DOCUMENT_RETENTION_DAYS = 30;
const DOCUMENT_PREFIX = '/api/documents/';
const BATCH = 100;
const MAX_BATCHES_PER_PASS = 20;

export interface DocumentRetentionDeps {
  db: Db;
  storage: StorageProvider;
  clock: Clock;
  /** HOST_DOCUMENT_RETENTION_DAYS (30 when not given). */
  retentionDays?: number | undefined;
  log?: Pick<ServiceLog, 'info' | 'error'>;
}

/**
 * One pass: documents of requests decided more than the retention period ago. Safe with several
 * processes (each batch is taken with FOR UPDATE SKIP LOCKED); a batch whose file deletion fails is
 * rolled back and tried again on the next pass.
 */
export async function removeDecidedDocuments(deps: DocumentRetentionDeps): Promise<{ removed: number }> {
  const days = deps.retentionDays ?? DEFAULT_HOST_DOCUMENT_RETENTION_DAYS;
  const cutoff = new Date(deps.clock.now().getTime() - days * 86_400_000);
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
    const count = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: users.id, docImage: users.docImage })
        .from(users)
        .where(
          and(
            isNotNull(users.docImage),
            lt(users.hostRequestDecidedAt, cutoff),
            or(isNull(users.role), ne(users.role, 'requested')),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;
      const urls = rows.map((row) => row.docImage!);
      for (const url of urls) {
        if (url.startsWith(DOCUMENT_PREFIX)) await deps.storage.delete(url.slice(DOCUMENT_PREFIX.length), 'private');
      }
      await tx.delete(uploads).where(inArray(uploads.url, urls));
      await tx
        .update(users)
        .set({ docImage: null })
        .where(
          inArray(
            users.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.length;
    });
    removed += count;
    if (count < BATCH) break;
  }
  return { removed };
}

/** Like the uploads sweeper: one pass at start, then every `intervalMs`, under the job's lease (once across processes). */
export function startDocumentRetention(
  deps: DocumentRetentionDeps,
  options: { intervalMs: number } & JobOptions<{ removed: number }>,
): PeriodicJob<{ removed: number }> {
  return startPeriodicJob({
    ...options,
    name: 'host document retention',
    pass: () => removeDecidedDocuments(deps),
    worthLogging: (result) => result.removed > 0,
    ...(deps.log ? { log: deps.log } : {}),
  });
}
