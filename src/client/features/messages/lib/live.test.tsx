// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpComponentTests, testQueryClient } from '#client/test/render-routes';
import { POLL_MS, READY_TIMEOUT_MS, STREAM_URL, useLiveMessages } from './live';

setUpComponentTests();

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<() => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function setUp() {
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveMessages(true), { wrapper });
  return { invalidate, hook, source: FakeEventSource.opened.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.useRealTimers());

describe('useLiveMessages', () => {
  it('refetches the messages queries on every event of the stream, and does not poll while it works', () => {
    const { invalidate, source } = setUp();
    expect(source.url).toBe(STREAM_URL);
    act(() => source.emit('ready'));
    act(() => source.emit('message'));
    act(() => source.emit('read'));
    expect(invalidate).toHaveBeenCalledTimes(3);
    void act(() => vi.advanceTimersByTime(READY_TIMEOUT_MS + POLL_MS * 2));
    expect(invalidate).toHaveBeenCalledTimes(3);
    expect(source.readyState).not.toBe(FakeEventSource.CLOSED);
  });

  it('polls instead when no ready event arrives in time (a proxy that buffers the stream)', () => {
    const { invalidate, source } = setUp();
    void act(() => vi.advanceTimersByTime(READY_TIMEOUT_MS));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    void act(() => vi.advanceTimersByTime(POLL_MS * 2));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('polls instead when the stream keeps failing, and stops everything on unmount', () => {
    const { invalidate, source, hook } = setUp();
    act(() => {
      source.onerror?.();
      source.onerror?.();
      source.onerror?.();
    });
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    void act(() => vi.advanceTimersByTime(POLL_MS));
    expect(invalidate).toHaveBeenCalledTimes(1);
    hook.unmount();
    void act(() => vi.advanceTimersByTime(POLL_MS * 3));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
