import type { JobOptions, ServiceLog } from '#server/app-context';

/** A background job started by `startPeriodicJob`. */
export interface PeriodicJob<T> {
  /** Runs one pass now (after the one in progress, if any); null when it was skipped or failed. */
  runNow(): Promise<T | null>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export interface PeriodicJobSpec<T> extends JobOptions<T> {
  /** Names the job in the log. */
  name: string;
  intervalMs: number;
  pass: () => Promise<T>;
  /** Whether a pass's result is worth an info line (most passes find nothing to do). */
  worthLogging: (result: T) => boolean;
  log?: Pick<ServiceLog, 'info' | 'error'>;
}

/**
 * One pass at start, then one every `intervalMs` after the previous pass ended: passes
 * never overlap in this process, and with `exclusive` (a lease in the `jobs` table) not across
 * processes either. A failed pass is logged and the next one runs on schedule.
 */
export function startPeriodicJob<T>(spec: PeriodicJobSpec<T>): PeriodicJob<T> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<T | null> = Promise.resolve(null);
  let stopped = false;

  const runNow = (): Promise<T | null> => {
    running = running.then(async () => {
      if (stopped) return null;
      try {
        const outcome = spec.exclusive
          ? await spec.exclusive(spec.pass)
          : { ran: true as const, value: await spec.pass() };
        if (!outcome.ran) {
          spec.onPass?.('skipped');
          return null;
        }
        if (spec.worthLogging(outcome.value)) spec.log?.info(outcome.value, spec.name);
        spec.onPass?.('ok');
        return outcome.value;
      } catch (err) {
        spec.log?.error({ err }, `${spec.name} failed`);
        spec.onPass?.('failed');
        return null;
      }
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runNow().finally(schedule);
    }, spec.intervalMs);
    timer.unref();
  };

  void runNow().finally(schedule);

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
