import { describe, expect, it } from 'vitest';
import { circuitBreaker, CircuitOpenError } from './circuit-breaker';

const down = () => Promise.reject(new Error('ECONNREFUSED'));
const up = () => Promise.resolve('PONG');

describe('circuit breaker', () => {
  it('opens after N failures in a row, lets one trial through after openMs, and closes on its success', async () => {
    let now = 0;
    let calls = 0;
    const counted = (fn: () => Promise<string>) => () => (calls++, fn());
    const circuit = circuitBreaker({ failures: 3, openMs: 1_000, now: () => now });
    for (let i = 0; i < 3; i++) await expect(circuit.run(counted(down))).rejects.toThrow('ECONNREFUSED');
    expect(calls).toBe(3);
    // Open: fails at once without calling.
    await expect(circuit.run(counted(up))).rejects.toBeInstanceOf(CircuitOpenError);
    expect(calls).toBe(3);

    now += 1_000;
    // Half-open: one trial; the calls meanwhile still fail at once.
    let finish!: (v: string) => void;
    const trial = circuit.run(counted(() => new Promise<string>((r) => (finish = r))));
    await expect(circuit.run(counted(up))).rejects.toBeInstanceOf(CircuitOpenError);
    finish('PONG');
    expect(await trial).toBe('PONG');
    expect(circuit.state()).toBe('closed');
    expect(await circuit.run(counted(up))).toBe('PONG');
    expect(calls).toBe(5);
  });

  it('opens again for openMs when the trial fails; reset() closes it at once', async () => {
    let now = 0;
    const circuit = circuitBreaker({ failures: 1, openMs: 1_000, now: () => now });
    await expect(circuit.run(down)).rejects.toThrow();
    now += 1_000;
    await expect(circuit.run(down)).rejects.toThrow('ECONNREFUSED');
    now += 999;
    await expect(circuit.run(up)).rejects.toBeInstanceOf(CircuitOpenError);
    circuit.reset();
    expect(await circuit.run(up)).toBe('PONG');
  });

  it('counts only failures in a row, and not errors that say the dependency answered', async () => {
    const circuit = circuitBreaker({
      failures: 2,
      openMs: 1_000,
      isFailure: (err) => !(err instanceof TypeError),
    });
    await expect(circuit.run(down)).rejects.toThrow();
    await circuit.run(up);
    await expect(circuit.run(down)).rejects.toThrow();
    await expect(circuit.run(() => Promise.reject(new TypeError('script error')))).rejects.toThrow(TypeError);
    await expect(circuit.run(down)).rejects.toThrow();
    expect(circuit.state()).toBe('closed');
    await expect(circuit.run(down)).rejects.toThrow();
    expect(circuit.state()).toBe('open');
  });
});
