import { afterEach, vi } from 'vitest';

/** An unexpected console.error fails the test that caused it. Tests that expect one call `expectConsoleError()`. */
const calls: unknown[][] = [];
let allowed = 0;

const original = console.error;
console.error = (...args: unknown[]) => {
  calls.push(args);
  original(...args);
};

export function expectConsoleError(times = 1): void {
  allowed += times;
}

afterEach(() => {
  const unexpected = calls.length - allowed;
  calls.length = 0;
  allowed = 0;
  vi.restoreAllMocks();
  if (unexpected > 0) throw new Error(`Unexpected console.error (${unexpected} call(s)); see output above`);
});
