/**
 * The live streams of this process (GET /api/conversations/stream, Server-Sent Events): one
 * per open browser tab, fed by the message bus. Each stream starts with a `ready` event, gets
 * a comment every heartbeat (so proxies keep it open and a dead client is noticed), and ends
 * after `maxMs`: the browser's EventSource reconnects, possibly to another process. On
 * shutdown every stream is ended (app.ts preClose), so the server can close.
 *
 * Each stream holds a socket (a file descriptor) for minutes, so they are capped (issue 24): a
 * user's stream beyond `perUser` ends that user's oldest one (most likely a tab left open or a
 * connection that died without a word), and beyond `perProcess` no new stream opens, which
 * leaves this process's remaining sockets to ordinary requests.
 *
 * A stream checks the session once, when it opens: an `end` event on the bus (a suspension or an
 * account deletion, on any process) ends that user's streams on every process at once.
 */
import { PassThrough } from 'node:stream';
import type { LiveEvent, MessageBus } from '#server/app-context';

const DEFAULT_HEARTBEAT_MS = 25_000;
const DEFAULT_STREAM_MAX_MS = 10 * 60_000;
/** LIVE_STREAMS_PER_USER: a browser keeps at most 6 HTTP/1.1 connections to a site anyway. */
const DEFAULT_STREAMS_PER_USER = 6;
/** LIVE_STREAMS_PER_PROCESS: half of a common 1,024 file-descriptor limit. */
const DEFAULT_STREAMS_PER_PROCESS = 500;
/** How long the browser waits before reconnecting (the `retry:` field). */
const RETRY_MS = 3_000;

export interface LiveStreamOptions {
  heartbeatMs?: number;
  maxMs?: number;
  /** Open streams a user may have in this process; one more ends their oldest. */
  perUser?: number;
  /** Open streams in this process; beyond it `open` answers null. */
  perProcess?: number;
}

export interface LiveStreams {
  /**
   * A new stream for this user; it ends by itself after maxMs, on closeAll, when `stop` is called, or
   * when the same user opens more than `perUser`. Null when the process already holds `perProcess`.
   */
  open(userId: string): { stream: PassThrough; stop: () => void } | null;
  /** Ends every open stream (shutdown). */
  closeAll(): void;
  /** Open streams (tests, metrics). */
  count(): number;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function liveStreams(bus: MessageBus, options: LiveStreamOptions = {}): LiveStreams {
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const maxMs = options.maxMs ?? DEFAULT_STREAM_MAX_MS;
  const perUser = options.perUser ?? DEFAULT_STREAMS_PER_USER;
  const perProcess = options.perProcess ?? DEFAULT_STREAMS_PER_PROCESS;
  const open = new Set<() => void>();
  /** Each user's open streams, oldest first (a Set keeps insertion order). */
  const byUser = new Map<string, Set<() => void>>();
  let closing = false;

  return {
    open(userId) {
      const mine = byUser.get(userId) ?? new Set<() => void>();
      // The user's own oldest streams make room first, so a user at their cap is never refused.
      while (mine.size >= perUser) mine.values().next().value!();
      if (open.size >= perProcess) return null;
      byUser.set(userId, mine);
      const stream = new PassThrough();
      let ended = false;
      const unsubscribe = bus.subscribe((event: LiveEvent) => {
        if (ended || !event.userIds.includes(userId)) return;
        // Suspended or deleted: the stream ends now; the browser's reconnect then meets a 401.
        if (event.type === 'end') stop();
        else stream.write(frame(event.type, { conversationId: event.conversationId }));
      });
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const lifetime = setTimeout(() => stop(), maxMs);
      lifetime.unref();
      const stop = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        open.delete(stop);
        mine.delete(stop);
        if (!mine.size && byUser.get(userId) === mine) byUser.delete(userId);
        stream.end();
      };
      open.add(stop);
      mine.add(stop);
      stream.on('close', stop);
      stream.on('error', stop);
      stream.write(`retry: ${RETRY_MS}\n${frame('ready', {})}`);
      if (closing) stop();
      return { stream, stop };
    },
    closeAll() {
      closing = true;
      for (const stop of [...open]) stop();
    },
    count: () => open.size,
  };
}
