/**
 * Two real app processes on one PostgreSQL database and one Redis (two-nodes.ts): live messages
 * across processes (the stream left open must not stop a clean shutdown), a Redis outage,
 * a suspension seen by both, readiness and request ids.
 */
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#server/seed/demo-data';
import { describeTwoNodes } from './two-nodes';

describeTwoNodes('live messages, Redis outage, suspensions, readiness', (c) => {
  const { node, userWithSession, freshHome } = c;

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
    await c.redisProxy.cut('refuse');
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
      await c.redisProxy.restore();
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
        // Wrapped: an async function returning the promise would adopt it and wait for the end here.
        return {
          ended: (async () => {
            while (!(await reader.read()).done);
          })(),
        };
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
      Promise.all(streams.map((s) => s.ended)),
      new Promise((_, reject) => setTimeout(() => reject(new Error('a live stream outlived the suspension')), 10_000)),
    ]);
    for (let i = 0; i < 2; i++) {
      expect((await get(i, '/api/conversations', host.authorization)).status).toBe(401);
      expect(await listed(i)).toBe(false);
      expect((await get(i, `/api/home/${home.id}`)).status).toBe(404);
    }
  });

  it('answers ready on both, and names every answer by a request id', async () => {
    for (const n of c.nodes) {
      const res = await fetch(`${n.url}/api/ready`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
