/** The background worker that keeps imported calendars fresh: every import is fetched once per interval. */
import type { JobOptions } from '#server/app-context';
import { startPeriodicJob, type PeriodicJob } from '#server/jobs/periodic-job';
import { syncDueImports, type SyncDeps } from './imports-service';

export type CalendarSyncJob = PeriodicJob<{ synced: number; failed: number }>;

export function startCalendarSync(
  deps: SyncDeps,
  options: JobOptions<{ synced: number; failed: number }> & { intervalMs: number },
): CalendarSyncJob {
  return startPeriodicJob({
    name: 'calendar sync',
    ...options,
    // Imports synced on demand within the last half interval are left for the next pass.
    pass: () => syncDueImports(deps, options.intervalMs / 2),
    worthLogging: (r) => r.synced + r.failed > 0,
    ...(deps.log && { log: deps.log }),
  });
}
