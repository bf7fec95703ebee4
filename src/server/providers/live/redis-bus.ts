/**
 * Live events between processes through Redis pub/sub (REDIS_URL). Subscribing takes a
 * connection of its own (a subscribed Redis connection can do nothing else); ioredis
 * resubscribes by itself after a reconnect.
 *
 * While Redis is unreachable an event still reaches the streams open on this process (it is
 * handed to them directly when the publish fails); streams on other processes miss it.
 */
import type { MessageBus, ServiceLog } from '#server/app-context';
import type { SharedRedis } from '#server/providers/redis/redis-stores';
import { listenerSet, parseLiveEvent } from './memory-bus';

export function redisMessageBus(redis: SharedRedis, prefix: string, log?: Pick<ServiceLog, 'warn'>): MessageBus {
  const channel = `${prefix}live`;
  const listeners = listenerSet();
  // The subscription waits for a connection (the offline queue) however long Redis is away; only
  // commands on a request's path must fail fast.
  const subscriber = redis.client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('error', (err: Error) => log?.warn({ err }, 'live messages: Redis subscriber error'));
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    const event = parseLiveEvent(payload);
    if (event) listeners.emit(event);
  });
  const ready = subscriber.subscribe(channel).catch((err: unknown) => {
    log?.warn({ err }, 'live messages: could not subscribe in Redis');
  });
  return {
    async publish(event) {
      try {
        await redis.call((r) => r.publish(channel, JSON.stringify(event)));
      } catch (err) {
        listeners.emit(event);
        throw err;
      }
    },
    subscribe: (fn) => listeners.add(fn),
    async close() {
      // Without a connection a QUIT would wait in the offline queue: drop the connection attempts instead.
      if (subscriber.status !== 'ready') subscriber.disconnect();
      await ready;
      if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
