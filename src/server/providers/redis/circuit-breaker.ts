/**
 * A circuit breaker for one dependency (Redis; ADR 0031): after `failures` failures in a
 * row it opens and every call fails at once, without touching the dependency, for `openMs`;
 * then one trial call goes through (half-open) while the others still fail at once: its
 * success closes the circuit, its failure opens it for another `openMs`. `reset()` closes it
 * at once (the client reconnected). No library: none is installed, and this is the whole of it.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

export class CircuitOpenError extends Error {
  constructor() {
    super('circuit open: not tried');
    this.name = 'CircuitOpenError';
  }
}

export interface CircuitBreaker {
  state(): CircuitState;
  /** Runs `call` unless the circuit is open; a rejection counts as a failure when `isFailure` says so. */
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Closes the circuit (the dependency is known to be back). */
  reset(): void;
}

export function circuitBreaker({
  failures: threshold,
  openMs,
  now = Date.now,
  isFailure = () => true,
  onChange,
}: {
  failures: number;
  openMs: number;
  now?: () => number;
  /** Errors that say nothing about the dependency's health (a script's own error) do not count. */
  isFailure?: (err: unknown) => boolean;
  onChange?: (state: CircuitState) => void;
}): CircuitBreaker {
  let state: CircuitState = 'closed';
  let failuresInRow = 0;
  let openedAt = 0;
  let trialRunning = false;
  const move = (next: CircuitState) => {
    if (next === state) return;
    state = next;
    onChange?.(next);
  };
  const open = () => {
    openedAt = now();
    move('open');
  };

  return {
    state: () => state,
    async run(call) {
      if (state === 'open' && now() - openedAt >= openMs) move('half-open');
      if (state === 'open' || (state === 'half-open' && trialRunning)) throw new CircuitOpenError();
      const trial = state === 'half-open';
      if (trial) trialRunning = true;
      try {
        const value = await call();
        failuresInRow = 0;
        if (state !== 'closed') move('closed');
        return value;
      } catch (err) {
        if (isFailure(err)) {
          failuresInRow++;
          if (trial || (state === 'closed' && failuresInRow >= threshold)) open();
        } else {
          // The dependency answered (with an error of the call's own): it is up.
          failuresInRow = 0;
          if (trial) move('closed');
        }
        throw err;
      } finally {
        if (trial) trialRunning = false;
      }
    },
    reset() {
      failuresInRow = 0;
      trialRunning = false;
      move('closed');
    },
  };
}
