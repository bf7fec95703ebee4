import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { bookings, homes, uploads, users } from '#server/db/schema';
import type { Clock } from '#server/providers/clock/clock';
import type { StorageProvider, Visibility } from '#server/providers/storage/storage';
import type { JobOptions } from '#server/app-context';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import { derivedKeysOf } from './derived-images';

/** An upload nothing refers to is removed once it is this old (time to fill in the form that uses it). */
export const UNUSED_UPLOAD_AGE_MS = 24 * 60 * 60_000;
const BATCH = 100;
const MAX_BATCHES_PER_PASS = 20;

export interface UploadsSweepDeps {
  db: Db;
  storage: StorageProvider;
  clock: Clock;
  log?: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * The files of an upload: those its row lists, and the renditions (960 px, share crop) of a picture
 * recorded before they existed, which may have been made on request since (derived-images.ts; a
 * missing one is no error).
 */
export function filesToRemove(row: { keys: string[]; visibility: Visibility }): string[] {
  if (row.visibility !== 'public') return row.keys;
  const made = row.keys.flatMap(derivedKeysOf).filter((k) => !row.keys.includes(k));
  return [...row.keys, ...made];
}

/**
 * Removes the files and rows of uploads older than `olderThanMs` that no home
 * (its pictures), booking (its copied picture) or user (photo, host document)
 * refers to. Safe with several processes: each batch is taken with
 * `FOR UPDATE SKIP LOCKED`, so two processes never pick the same upload, and the
 * rows go only when every file of the batch was deleted (else the batch is
 * rolled back and tried again on the next pass).
 */
export async function removeUnusedUploads(
  deps: UploadsSweepDeps,
  options: { olderThanMs?: number } = {},
): Promise<{ removed: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - (options.olderThanMs ?? UNUSED_UPLOAD_AGE_MS));
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
    const count = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: uploads.id, keys: uploads.keys, visibility: uploads.visibility })
        .from(uploads)
        .where(
          and(
            lt(uploads.createdAt, cutoff),
            sql`not exists (select 1 from ${homes} where ${homes.images} @> array[${uploads.url}])`,
            sql`not exists (select 1 from ${bookings} where ${bookings.image} = ${uploads.url})`,
            sql`not exists (select 1 from ${users} where ${users.docImage} = ${uploads.url}
                  or ${users.image} = ${uploads.url} or ${users.image} like '%' || ${uploads.url})`,
          ),
        )
        .orderBy(uploads.createdAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;
      for (const row of rows) {
        await Promise.all(filesToRemove(row).map((key) => deps.storage.delete(key, row.visibility)));
      }
      await tx.delete(uploads).where(
        inArray(
          uploads.id,
          rows.map((r) => r.id),
        ),
      );
      return rows.length;
    });
    removed += count;
    if (count < BATCH) break;
  }
  return { removed };
}

export type UploadsSweeper = PeriodicJob<{ removed: number }>;

/** Like the booking sweeper: one pass at start, then every `intervalMs`; passes never overlap. */
export function startUploadsSweeper(
  deps: UploadsSweepDeps,
  options: { intervalMs: number } & JobOptions<{ removed: number }>,
): UploadsSweeper {
  return startPeriodicJob({
    ...options,
    name: 'uploads sweep',
    pass: () => removeUnusedUploads(deps),
    worthLogging: (result) => result.removed > 0,
    log: deps.log,
  });
}
