/**
 * Two real app processes on one PostgreSQL database and one Redis, requests
 * alternated between them (what a load balancer does). Runs in its own vitest
 * project (`multi-node`, started by `npm test` when TEST_DATABASE_URL is set);
 * it skips, saying why, when PostgreSQL or Redis is not there. Uploads live in
 * one S3 bucket (s3rver), as they must with several processes. Both reach Redis through a TCP
 * proxy of this test's, which the outage case cuts (the shared Redis itself is never stopped).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDate } from '#shared/stay';
import { signSessionToken } from '#server/auth/sessions';
import { openPostgres, type Database } from '#server/db/client';
import { bookings, homes, sessions, users } from '#server/db/schema';
import { DEMO_ACCOUNTS, DEMO_HOMES, DEMO_PASSWORD } from '#server/seed/demo-data';
import { startAppProcess, type AppProcess } from '#server/test/app-process';
import { connectTestRedis, redisAvailable, testRedisPrefix, TEST_REDIS_URL } from '#server/test/redis';
import { startTcpProxy, type TcpProxy } from '#server/test/tcp-proxy';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3 } from '#server/test/s3-server';
import sharp from 'sharp';
import { multipart } from '#server/features/uploads/fixtures/multipart';
import { pointColumns } from '#server/features/geo/approximate-point';

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

describe.skipIf(missing !== null)(
  missing ? `two app processes on one database: SKIPPED (${missing})` : 'two app processes on one database and Redis',
  () => {
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
    async function userWithSession(
      role: 'host' | 'admin' | null,
      email = `mn-${randomUUID().slice(0, 8)}@example.test`,
    ) {
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

    it('seeds demo data once when both start together on an empty database', async () => {
      const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
      const accounts = await database.db.select({ id: users.id }).from(users).where(inArray(users.email, demoEmails));
      expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);
      const [counts] = await database.db
        .select({ all: sql<number>`count(*)::int`, titles: sql<number>`count(distinct ${homes.title})::int` })
        .from(homes);
      expect(counts).toEqual({ all: DEMO_HOMES.length, titles: DEMO_HOMES.length });
    });

    it('throttles 6 wrong passwords spread over both processes as if they were one', async () => {
      const email = DEMO_ACCOUNTS.find((a) => a.role === 'guest')!.email;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${node(i).url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: node(i).url },
          body: JSON.stringify({ email, password: `wrong-password-${i}` }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // The right password is slowed too (on either process) until the delay has passed.
      const right = await fetch(`${node(0).url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: node(0).url },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(right.status).toBe(429);
    });

    it("shows an edit and a hold made on one process in the other's next search", async () => {
      const host = await userWithSession('host');
      const home = await freshHome(host.email, host.id, 'Old title by the river');
      const search = async (i: number, query = 'limit=50') => {
        const res = await fetch(`${node(i).url}/api/homes?${query}`);
        expect(res.status).toBe(200);
        return (await res.json()) as { _id: string; title: string }[];
      };
      const mine = (list: { _id: string; title: string }[]) => list.find((h) => h._id === home.id);

      expect(mine(await search(1))?.title).toBe('Old title by the river');
      const edit = await fetch(`${node(0).url}/api/home/${home.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: host.authorization },
        body: JSON.stringify({
          location: 'Porto, Portugal',
          title: 'New title by the river',
          price: 90,
          total_guest: 4,
          bedrooms: 1,
          bathrooms: 1,
          description: 'A home two processes share.',
        }),
      });
      expect(edit.status).toBe(200);
      expect(mine(await search(1))?.title).toBe('New title by the river');

      const stay = `checkIn=${addDays(today, 10)}&checkOut=${addDays(today, 12)}&guests=1&limit=50`;
      expect(mine(await search(1, stay))).toBeDefined();
      const guest = await userWithSession(null);
      const hold = await fetch(`${node(0).url}/api/payment-intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: guest.authorization },
        body: JSON.stringify({ homeId: home.id, checkIn: addDays(today, 10), checkOut: addDays(today, 12), guests: 1 }),
      });
      expect(hold.status).toBe(200);
      expect(mine(await search(1, stay))).toBeUndefined();
    });

    it('gives one hold and 99 × 409 to 100 guests racing for the same dates on both processes', async () => {
      const host = await userWithSession('host');
      const home = await freshHome(host.email, host.id, 'The contested cottage');
      const guests = await Promise.all(Array.from({ length: 100 }, () => userWithSession(null)));
      const responses = await Promise.all(
        guests.map(async (guest, i) => {
          const res = await fetch(`${node(i).url}/api/payment-intent`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: guest.authorization },
            body: JSON.stringify({
              homeId: home.id,
              // Every stay contains the nights 20 and 21 days from now.
              checkIn: addDays(today, 18 + (i % 3)),
              checkOut: addDays(today, 22 + (i % 2)),
              guests: 1 + (i % 4),
            }),
          });
          return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
        }),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(99);
      for (const r of responses.filter((x) => x.status === 409)) expect(r.body.error?.code).toBe('dates_unavailable');
      const rows = await database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.homeId, home.id), eq(bookings.status, 'held')));
      expect(rows).toHaveLength(1);
    });

    it('books the dates once and answers 409 to the 19 others when 20 guests go hold -> pay -> book on both processes', async () => {
      const host = await userWithSession('host');
      const home = await freshHome(host.email, host.id, 'The contested chalet');
      const guests = await Promise.all(Array.from({ length: 20 }, () => userWithSession(null)));
      const post = async (i: number, path: string, who: { authorization: string }, body: unknown) => {
        const res = await fetch(`${node(i).url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: who.authorization },
          body: JSON.stringify(body),
        });
        return { step: path, status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      // The winner's confirmation (held -> confirmed refreshes the home's nights) meets the losers' holds
      // still queued on the home: with the locks in two orders, PostgreSQL answered some of them 40P01 (issue 24).
      const outcomes = await Promise.all(
        guests.map(async (guest, i) => {
          const held = await post(i, '/api/payment-intent', guest, {
            homeId: home.id,
            checkIn: addDays(today, 30 + (i % 3)),
            checkOut: addDays(today, 34 + (i % 2)),
            guests: 1,
          });
          if (held.status !== 200) return held;
          const { clientSecret, bookingId, paymentIntentId } = held.body as Record<string, string>;
          // The payment goes through the other process, as a load balancer may send it.
          const paid = await post(i + 1, '/api/payments/sandbox/confirm', guest, {
            clientSecret,
            card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Multi Node' },
            billing: { name: 'Multi Node', email: guest.email },
          });
          if (paid.status !== 200) return paid;
          return post(i, '/api/bookings', guest, { bookingId, paymentIntentId });
        }),
      );
      const failures = outcomes
        .filter((o) => o.status >= 500)
        .map((o) => `${o.step} ${o.status} ${JSON.stringify(o.body)}`);
      expect(failures).toEqual([]);
      expect(outcomes.filter((o) => o.step === '/api/bookings' && o.status === 200)).toHaveLength(1);
      const losers = outcomes.filter((o) => o.status !== 200);
      expect(losers).toHaveLength(19);
      for (const o of losers)
        expect([o.step, o.status, (o.body.error as { code: string }).code]).toEqual([
          '/api/payment-intent',
          409,
          'dates_unavailable',
        ]);
      const rows = await database.db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.homeId, home.id));
      expect(rows).toEqual([{ status: 'confirmed' }]);
    });

    const picture = () =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
        .png()
        .toBuffer();
    async function upload(i: number, who: { authorization: string }, purpose: 'image' | 'document') {
      const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: await picture() }]);
      const res = await fetch(`${node(i).url}/api/uploads?purpose=${purpose}`, {
        method: 'POST',
        headers: { ...body.headers, authorization: who.authorization },
        body: new Uint8Array(body.payload),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { display_url: string } }).data.display_url;
    }

    it('serves a picture uploaded through one process from the other', async () => {
      const host = await userWithSession('host');
      const url = await upload(0, host, 'image');
      const res = await fetch(`${node(1).url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    });

    it('takes a host request on one process with a document uploaded on the other', async () => {
      const user = await userWithSession(null);
      const docImage = await upload(0, user, 'document');
      const request = await fetch(`${node(1).url}/api/user/${encodeURIComponent(user.email)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: user.authorization },
        body: JSON.stringify({ email: user.email, location: 'Porto, Portugal', docImage, role: 'requested' }),
      });
      expect(request.status).toBe(200);
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ role: 'requested', docImage });
      // An admin reviewing it on the first process sees the document.
      const reviewer = await userWithSession(null);
      await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, reviewer.id));
      const doc = await fetch(`${node(0).url}${docImage}`, { headers: { authorization: reviewer.authorization } });
      expect(doc.status).toBe(200);
      expect(doc.headers.get('content-type')).toBe('image/webp');
    });

    it("brings a message posted through one process to the other process's live stream", async () => {
      const host = await userWithSession('host');
      const home = await freshHome(host.email, host.id, 'The talkative townhouse');
      const guest = await userWithSession(null);
      // The host listens on the second process.
      const controller = new AbortController();
      const stream = await fetch(`${node(1).url}/api/conversations/stream`, {
        headers: { authorization: host.authorization },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      const until = async (pattern: RegExp) => {
        const deadline = Date.now() + 10_000;
        while (!pattern.test(received)) {
          if (Date.now() > deadline) throw new Error(`stream never matched ${pattern}; got:\n${received}`);
          const { done, value } = await reader.read();
          if (done) throw new Error(`stream ended; got:\n${received}`);
          received += decoder.decode(value, { stream: true });
        }
      };
      await until(/event: ready/);
      // Left open on purpose: the SIGTERM in afterAll must end it, or the process would not exit 0 in time.
      const lingering = await fetch(`${node(0).url}/api/conversations/stream`, {
        headers: { authorization: guest.authorization },
      });
      expect(lingering.status).toBe(200);
      // The guest asks through the first process.
      const asked = await fetch(`${node(0).url}/api/home/${home.id}/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: guest.authorization },
        body: JSON.stringify({ text: 'Is the townhouse near the tram?' }),
      });
      expect(asked.status).toBe(201);
      const { conversationId } = (await asked.json()) as { conversationId: string };
      await until(new RegExp(`event: message\ndata: \\{"conversationId":"${conversationId}"\\}`));
      controller.abort();
      // And the message itself reads the same on the second process.
      const page = await fetch(`${node(1).url}/api/conversations/${conversationId}/messages`, {
        headers: { authorization: host.authorization },
      });
      expect(((await page.json()) as { messages: { text: string }[] }).messages[0]?.text).toBe(
        'Is the townhouse near the tram?',
      );
    });

    it('keeps searching within 300 ms and answers sign-in 503 while Redis is away, and is whole once it is back', async () => {
      const email = DEMO_ACCOUNTS.find((a) => a.role === 'host')!.email;
      const signIn = (i: number) =>
        fetch(`${node(i).url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: node(i).url },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        });
      await redisProxy.cut('refuse');
      try {
        for (let i = 0; i < 6; i++) {
          const started = performance.now();
          const res = await fetch(`${node(i).url}/api/homes?limit=50`);
          expect(res.status).toBe(200);
          expect(((await res.json()) as unknown[]).length).toBeGreaterThan(0);
          expect(performance.now() - started).toBeLessThan(300);
        }
        for (let i = 0; i < 2; i++) {
          const res = await signIn(i);
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('5');
          expect(((await res.json()) as { code: string }).code).toBe('SIGN_IN_UNAVAILABLE');
        }
      } finally {
        await redisProxy.restore();
      }
      for (let i = 0; i < 2; i++) {
        await expect.poll(async () => (await signIn(i)).status, { timeout: 15_000, interval: 250 }).toBe(200);
      }
    });

    it("ends a suspended host's session and live streams on both processes at once and drops their home from both searches", async () => {
      const host = await userWithSession('host');
      const admin = await userWithSession('admin');
      const home = await freshHome(host.email, host.id, 'A home soon suspended');
      const get = (i: number, path: string, authorization?: string) =>
        fetch(`${node(i).url}${path}`, authorization ? { headers: { authorization } } : {});
      const listed = async (i: number) =>
        ((await (await get(i, '/api/homes?limit=100')).json()) as { _id: string }[]).some((h) => h._id === home.id);
      for (let i = 0; i < 2; i++) {
        expect((await get(i, '/api/conversations', host.authorization)).status).toBe(200);
        expect(await listed(i)).toBe(true);
      }
      // The host's live streams on both processes: each checked the session when it opened.
      const streams = await Promise.all(
        [0, 1].map(async (i) => {
          const res = await get(i, '/api/conversations/stream', host.authorization);
          expect(res.status).toBe(200);
          const reader = res.body!.getReader();
          // Resolves when the server ends the stream (it reads to the end).
          return (async () => {
            while (!(await reader.read()).done);
          })();
        }),
      );
      const suspended = await fetch(`${node(0).url}/api/admin/users/${host.id}/suspend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: admin.authorization },
        body: JSON.stringify({ note: 'Fraud seen on two processes' }),
      });
      expect(suspended.status).toBe(200);
      // Both streams end within seconds (Redis pub/sub carries the suspension), not after their 10 minutes.
      await Promise.race([
        Promise.all(streams),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('a live stream outlived the suspension')), 10_000),
        ),
      ]);
      for (let i = 0; i < 2; i++) {
        expect((await get(i, '/api/conversations', host.authorization)).status).toBe(401);
        expect(await listed(i)).toBe(false);
        expect((await get(i, `/api/home/${home.id}`)).status).toBe(404);
      }
    });

    it('answers ready on both, and names every answer by a request id', async () => {
      for (const n of nodes) {
        const res = await fetch(`${n.url}/api/ready`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  },
);
