/**
 * The live streams of this process (GET /api/conversations/stream, Server-Sent Events): one
 * per open browser tab, fed by the message bus. Each stream starts with a `ready` event, gets
 * a comment every heartbeat (so proxies keep it open and a dead client is noticed), and ends
 * after `maxMs`: the browser's EventSource reconnects, possibly to another process. On
 * shutdown every stream is ended (app.ts preClose), so the server can close.
 */
import { PassThrough } from 'node:stream';
import type { LiveEvent, MessageBus } from '#server/app-context';

export const DEFAULT_HEARTBEAT_MS = 25_000;
export const DEFAULT_STREAM_MAX_MS = 10 * 60_000;
/** How long the browser waits before reconnecting (the `retry:` field). */
const RETRY_MS = 3_000;

export interface LiveStreams {
  /** A new stream for this user; it ends by itself after maxMs, on closeAll, or when `stop` is called. */
  open(userId: string): { stream: PassThrough; stop: () => void };
  /** Ends every open stream (shutdown). */
  closeAll(): void;
  /** Open streams (tests, metrics). */
  count(): number;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function liveStreams(bus: MessageBus, options: { heartbeatMs?: number; maxMs?: number } = {}): LiveStreams {
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const maxMs = options.maxMs ?? DEFAULT_STREAM_MAX_MS;
  const open = new Set<() => void>();
  let closing = false;

  return {
    open(userId) {
      const stream = new PassThrough();
      let ended = false;
      const unsubscribe = bus.subscribe((event: LiveEvent) => {
        if (!ended && event.userIds.includes(userId)) {
          stream.write(frame(event.type, { conversationId: event.conversationId }));
        }
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
        stream.end();
      };
      open.add(stop);
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
