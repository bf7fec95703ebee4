/**
 * Live events between processes through Redis pub/sub (REDIS_URL). Subscribing takes a
 * connection of its own (a subscribed Redis connection can do nothing else); ioredis
 * resubscribes by itself after a reconnect.
 */
import type { Redis } from 'ioredis';
import type { MessageBus, ServiceLog } from '#server/app-context';
import { listenerSet, parseLiveEvent } from './memory-bus';

export function redisMessageBus(redis: Redis, prefix: string, log?: Pick<ServiceLog, 'warn'>): MessageBus {
  const channel = `${prefix}live`;
  const listeners = listenerSet();
  const subscriber = redis.duplicate();
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
      await redis.publish(channel, JSON.stringify(event));
    },
    subscribe: (fn) => listeners.add(fn),
    async close() {
      await ready;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
