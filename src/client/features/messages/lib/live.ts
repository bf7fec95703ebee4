/**
 * Live updates for the signed-in user: one EventSource on GET /api/conversations/stream (the
 * session cookie authenticates it). Every event refetches the messages queries that are on
 * screen. When the stream cannot work (a proxy that buffers or blocks streaming: no `ready`
 * within READY_TIMEOUT_MS, or it keeps failing), the page polls every POLL_MS instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messageKeys } from './message-keys';

export const STREAM_URL = '/api/conversations/stream';
export const READY_TIMEOUT_MS = 10_000;
export const POLL_MS = 15_000;
/** Failures in a row (each followed by EventSource's own reconnect) before polling takes over. */
const MAX_FAILURES = 3;

export function useLiveMessages(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    let poll: ReturnType<typeof setInterval> | null = null;
    let source: EventSource | null = null;
    let failures = 0;

    const fallBackToPolling = () => {
      source?.close();
      source = null;
      if (!poll) poll = setInterval(refresh, POLL_MS);
    };
    if (typeof EventSource === 'undefined') {
      fallBackToPolling();
      return () => clearInterval(poll!);
    }
    source = new EventSource(STREAM_URL);
    let readyTimer: ReturnType<typeof setTimeout> | null = setTimeout(fallBackToPolling, READY_TIMEOUT_MS);
    source.addEventListener('ready', () => {
      failures = 0;
      if (readyTimer) clearTimeout(readyTimer);
      readyTimer = null;
      // Anything that happened while (re)connecting is fetched now.
      refresh();
    });
    source.addEventListener('message', refresh);
    source.addEventListener('read', refresh);
    source.onerror = () => {
      // EventSource reconnects by itself after a dropped stream (its normal end included);
      // a stream that fails again and again never gets through: poll instead.
      if (++failures >= MAX_FAILURES || source?.readyState === EventSource.CLOSED) fallBackToPolling();
    };
    return () => {
      if (readyTimer) clearTimeout(readyTimer);
      if (poll) clearInterval(poll);
      source?.close();
    };
  }, [enabled, queryClient]);
}
