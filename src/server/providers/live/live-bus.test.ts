/**
 * The message buses, two instances standing for two processes: an event published on one
 * reaches the subscribers of both; garbage on the channel is ignored. PostgreSQL
 * LISTEN/NOTIFY runs when TEST_DATABASE_URL is set, Redis when one answers.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { LiveEvent, MessageBus } from '#server/app-context';
import { connectTestRedis, redisAvailable, testRedisPrefix } from '#server/test/redis';
import { memoryMessageBus } from './memory-bus';
import { LIVE_CHANNEL, postgresMessageBus } from './postgres-bus';
import { redisMessageBus } from './redis-bus';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUp = await redisAvailable();
const { prefix, cleanup } = testRedisPrefix();
const redis = redisUp ? await connectTestRedis() : null;

const event = (n: number): LiveEvent => ({ type: 'message', conversationId: `c-${n}`, userIds: ['u-1', 'u-2'] });

function collect(bus: MessageBus) {
  const got: LiveEvent[] = [];
  bus.subscribe((e) => got.push(e));
  return {
    got,
    async until(count: number) {
      await vi.waitFor(() => expect(got.length, `events arrived (of ${count})`).toBeGreaterThanOrEqual(count), {
        timeout: 5_000,
        interval: 20,
      });
    },
  };
}

/** Publishes until the subscriber side is listening (subscribing is asynchronous), then checks delivery. */
async function crossDelivery(one: MessageBus, two: MessageBus, garbage?: () => Promise<unknown>) {
  const onTwo = collect(two);
  const onOne = collect(one);
  let n = 0;
  // Each attempt publishes once more: one sent before the subscription was live is lost.
  await vi.waitFor(
    async () => {
      if (onTwo.got.length > 0) return;
      await one.publish(event(++n));
      throw new Error('the second bus never heard the first');
    },
    { timeout: 5_000, interval: 50 },
  );
  await garbage?.();
  await one.publish(event(1000));
  await vi.waitFor(
    () =>
      expect(
        onTwo.got.map((e) => (e.type === 'end' ? null : e.conversationId)),
        'the last event arrived',
      ).toContain('c-1000'),
    { timeout: 5_000, interval: 20 },
  );
  // A suspension's `end` crosses too: the other process ends that user's streams.
  await one.publish({ type: 'end', userIds: ['u-9'] });
  await vi.waitFor(() => expect(onTwo.got).toContainEqual({ type: 'end', userIds: ['u-9'] }), {
    timeout: 5_000,
    interval: 20,
  });
  // A process hears its own events too (its streams get them the same way).
  await onOne.until(1);
  // Nothing but well-formed events arrived.
  for (const e of [...onOne.got, ...onTwo.got]) {
    expect(e).toMatchObject(e.type === 'end' ? { userIds: ['u-9'] } : { type: 'message', userIds: ['u-1', 'u-2'] });
  }
}

afterAll(async () => {
  if (redis) {
    await cleanup(redis.client);
    await redis.client.quit();
  }
});

describe('message buses', () => {
  it('delivers within one process (memory)', async () => {
    const bus = memoryMessageBus();
    const seen = collect(bus);
    await bus.publish(event(1));
    expect(seen.got).toEqual([event(1)]);
  });

  it.skipIf(!databaseUrl)('carries events between processes with PostgreSQL LISTEN/NOTIFY', async () => {
    const one = postgresMessageBus(databaseUrl!);
    const two = postgresMessageBus(databaseUrl!);
    const raw = new pg.Client({ connectionString: databaseUrl });
    await raw.connect();
    try {
      await crossDelivery(one, two, () => raw.query('select pg_notify($1, $2)', [LIVE_CHANNEL, '{"type":"drop"}']));
    } finally {
      await raw.end();
      await one.close?.();
      await two.close?.();
    }
  });

  it.skipIf(!redisUp)('carries events between processes with Redis pub/sub', async () => {
    const one = redisMessageBus(redis!, prefix);
    const twoConnection = await connectTestRedis();
    const two = redisMessageBus(twoConnection, prefix);
    try {
      await crossDelivery(one, two, () => redis!.client.publish(`${prefix}live`, 'not json'));
    } finally {
      await one.close?.();
      await two.close?.();
      await twoConnection.client.quit();
    }
  });
});
