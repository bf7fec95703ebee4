/**
 * Live events between processes through PostgreSQL LISTEN/NOTIFY (a PostgreSQL server
 * without Redis). One connection of its own listens (never one of the pool's: a pooled
 * connection moves between requests); publishing is `pg_notify` on any connection. A lost
 * listening connection is opened again with a growing pause; events sent meanwhile are
 * missed, which the browser covers by refetching when its stream reconnects.
 */
import pg from 'pg';
import type { MessageBus, ServiceLog } from '#server/app-context';
import { listenerSet, parseLiveEvent } from './memory-bus';

export const LIVE_CHANNEL = 'stayhub_live';

export function postgresMessageBus(connectionString: string, log?: Pick<ServiceLog, 'warn'>): MessageBus {
  const listeners = listenerSet();
  let listener: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      if (n.channel !== LIVE_CHANNEL || !n.payload) return;
      const event = parseLiveEvent(n.payload);
      if (event) listeners.emit(event);
    });
    const reconnect = (err: unknown) => {
      if (closed || listener !== client) return;
      listener = null;
      log?.warn({ err }, 'live messages: the LISTEN connection was lost; reconnecting');
      void client.end().catch(() => {});
      retry = setTimeout(() => void connect(), Math.min(++attempts * 500, 5_000));
      retry.unref();
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect(new Error('connection ended')));
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      attempts = 0;
    } catch (err) {
      reconnect(err);
    }
  };
  void connect();

  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', (err) => log?.warn({ err }, 'live messages: publishing connection failed'));

  return {
    async publish(event) {
      await publisher.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
    },
    subscribe: (fn) => listeners.add(fn),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
