import { sweepOnce, type BookingDeps, type SweepOptions, type SweepResult } from './bookings-service';

export interface BookingSweeper {
  /** Runs one pass now (after the one in progress, if any). */
  runNow(): Promise<SweepResult | null>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * The background task of the booking state machine: one pass at start, then
 * every `intervalMs` (passes never overlap). See `sweepOnce` for what a pass does.
 */
export function startBookingSweeper(deps: BookingDeps, options: SweepOptions & { intervalMs: number }): BookingSweeper {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<SweepResult | null> = Promise.resolve(null);
  let stopped = false;

  const pass = (): Promise<SweepResult | null> => {
    running = running.then(async () => {
      if (stopped) return null;
      try {
        const result = await sweepOnce(deps, options);
        if (result.confirmed || result.expired || result.refunded) deps.log?.info(result, 'booking sweep');
        return result;
      } catch (err) {
        deps.log?.error({ err }, 'booking sweep failed');
        return null;
      }
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void pass().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  };

  void pass().finally(schedule);

  return {
    runNow: pass,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
