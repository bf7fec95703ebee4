/**
 * Two real app processes on one PostgreSQL database and one Redis, requests alternated between them
 * (what a load balancer does): the set-up the multi-node test files share. They run in their own
 * vitest project (`multi-node`, started by `npm test` when TEST_DATABASE_URL is set) and skip, saying
 * why, when PostgreSQL or Redis is not there. Uploads live in one S3 bucket (s3rver), as they must
 * with several processes. Both reach Redis through a TCP proxy of the test's, which the outage case
 * cuts (the shared Redis itself is never stopped).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { addDays, calendarDate } from '#shared/stay';
import { signSessionToken } from '#server/auth/sessions';
import { openPostgres, type Database } from '#server/db/client';
import { homes, sessions, users } from '#server/db/schema';
import { pointColumns } from '#server/features/geo/approximate-point';
import { startAppProcess, type AppProcess } from '#server/test/app-process';
import { connectTestRedis, redisAvailable, testRedisPrefix, TEST_REDIS_URL } from '#server/test/redis';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3 } from '#server/test/s3-server';
import { startTcpProxy, type TcpProxy } from '#server/test/tcp-proxy';

const adminUrl = process.env.TEST_DATABASE_URL;
const missing = !adminUrl
  ? 'TEST_DATABASE_URL is not set'
  : !(await redisAvailable())
    ? `no Redis answers at ${TEST_REDIS_URL} (start one, or set TEST_REDIS_URL)`
    : null;
if (missing) console.log(`multi-node test skipped: ${missing}`);

const AUTH_SECRET = 'multi-node-test-secret-0123456789-abcdefgh';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A describe block around two app processes started together on a new database (both migrate and
 * seed the demo data), stopped with SIGTERM after it (each must exit 0). `env` adds settings.
 */
export function describeTwoNodes(topic: string, body: (c: TwoNodes) => void, env: Record<string, string> = {}) {
  describe.skipIf(missing !== null)(
    missing
      ? `two app processes: ${topic}: SKIPPED (${missing})`
      : `two app processes on one database and Redis: ${topic}`,
    () => body(useTwoNodes(env)),
  );
}

export type TwoNodes = ReturnType<typeof useTwoNodes>;

function useTwoNodes(extraEnv: Record<string, string>) {
  const dbName = `stayhub_mn_${randomBytes(4).toString('hex')}`;
  const redisKeys = testRedisPrefix();
  let admin: pg.Client;
  let database: Database;
  let nodes: AppProcess[] = [];
  let s3: TestS3;
  let redisProxy: TcpProxy;
  const node = (i: number) => nodes[i % nodes.length]!;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    const url = withDatabase(adminUrl!, dbName);
    s3 = await startS3Server('stayhub-multi-node');
    const redisTarget = new URL(TEST_REDIS_URL);
    redisProxy = await startTcpProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
    const env = {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '20',
      REDIS_URL: redisProxy.url,
      REDIS_KEY_PREFIX: redisKeys.prefix,
      AUTH_SECRET,
      SEED_DEMO_DATA: 'true',
      // Long enough that a process without the shared generation would answer a stale search.
      SEARCH_CACHE_TTL_MS: '60000',
      ...extraEnv,
    };
    // Both start together on an empty database: both migrate and both try to seed.
    nodes = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    database = openPostgres(url, 5);
  }, 300_000);

  afterAll(async () => {
    const codes = await Promise.all(nodes.map((n) => n.stop()));
    // SIGTERM is a clean shutdown: in-flight requests finish, pools and Redis close, exit 0.
    expect(codes).toEqual(nodes.map(() => 0));
    await database?.close();
    await s3?.stop();
    await redisProxy?.close();
    const redis = await connectTestRedis();
    await redisKeys.cleanup(redis.client);
    await redis.client.quit();
    await admin?.query(`drop database if exists "${dbName}" with (force)`);
    await admin?.end();
  }, 60_000);

  /** A verified user with a session, made in the database; answers its bearer header. */
  async function userWithSession(role: 'host' | 'admin' | null, email = `mn-${randomUUID().slice(0, 8)}@example.test`) {
    const id = randomUUID();
    await database.db.insert(users).values({ id, name: 'Multi Node', email, emailVerified: true, role });
    const token = randomBytes(24).toString('hex');
    await database.db
      .insert(sessions)
      .values({ id: randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
    return { id, email, authorization: `Bearer ${signSessionToken(token, AUTH_SECRET)}` };
  }

  const today = calendarDate(new Date(), 'UTC');
  async function freshHome(hostEmail: string, hostId: string, title: string) {
    const [row] = await database.db
      .insert(homes)
      .values({
        hostEmail,
        hostId,
        title,
        location: 'Porto, Portugal',
        description: 'A home two processes share.',
        priceCents: 9_000,
        totalGuest: 4,
        bedrooms: 1,
        bathrooms: 1,
        availableFrom: addDays(today, 1),
        availableTo: addDays(today, 120),
        images: ['/uploads/mn-1280.webp'],
        ...pointColumns({ lat: 41.14961, lng: -8.61099 }),
      })
      .returning();
    return row!;
  }

  return {
    get database() {
      return database;
    },
    get nodes() {
      return nodes;
    },
    get redisProxy() {
      return redisProxy;
    },
    node,
    today,
    userWithSession,
    freshHome,
  };
}
