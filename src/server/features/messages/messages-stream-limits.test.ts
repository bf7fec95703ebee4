/**
 * The live stream's caps over real sockets (issue 24): one user cannot hold more than a few
 * streams (a new one ends their oldest), and a process holds at most its cap, beyond which new
 * streams answer 503 while every other request is still served.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openStream, type LiveStreamClient } from '#server/test/live-stream';
import { signInAs, useTestApp } from '#server/test/test-app';

const STREAM = { heartbeatMs: 100, maxMs: 60_000 };

describe('per user', () => {
  const t = useTestApp(() => ({ messageStream: { ...STREAM, perUser: 2, perProcess: 100 } }));
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it("a user's stream beyond the cap ends their oldest; their newer ones and other users' stay open", async () => {
    const [guest, other] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'guest')]);
    const opened: LiveStreamClient[] = [];
    // One after the other, so the server sees them in this order.
    for (let i = 0; i < 3; i++) {
      const stream = await openStream(base, guest);
      expect(stream.response.status).toBe(200);
      await stream.until(/event: ready/);
      opened.push(stream);
    }
    const [oldest, second, third] = opened as [LiveStreamClient, LiveStreamClient, LiveStreamClient];
    await expect.poll(() => oldest.isEnded(), { timeout: 5_000 }).toBe(true);

    const otherStream = await openStream(base, other);
    expect(otherStream.response.status).toBe(200);
    await otherStream.until(/event: ready/);
    // The survivors still get heartbeats after the oldest ended.
    const seen = [second.text().length, third.text().length];
    await expect.poll(() => second.text().length > seen[0]! && third.text().length > seen[1]!).toBe(true);
    expect(second.isEnded() || third.isEnded()).toBe(false);
    await Promise.all([second, third, otherStream].map((s) => s.cancel()));
  });
});

describe('per process', () => {
  const t = useTestApp(() => ({ messageStream: { ...STREAM, perUser: 5, perProcess: 2 } }));
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('beyond the cap a new stream answers 503 while other requests are served; a freed slot opens again', async () => {
    const [a, b, c] = await Promise.all([signInAs(t.app, 'guest'), signInAs(t.app, 'guest'), signInAs(t.app, 'host')]);
    const first = await openStream(base, a);
    const second = await openStream(base, b);
    await Promise.all([first.until(/event: ready/), second.until(/event: ready/)]);

    const refused = await fetch(`${base}/api/conversations/stream`, { headers: c.headers });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({ error: { code: 'too_many_streams' } });
    // Nor does a user below their own cap get one.
    const alsoRefused = await fetch(`${base}/api/conversations/stream`, { headers: a.headers });
    expect(alsoRefused.status).toBe(503);
    await alsoRefused.arrayBuffer();

    for (const url of ['/api/health', '/api/homes']) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(200);
      await res.arrayBuffer();
    }

    await first.cancel();
    let again: LiveStreamClient | undefined;
    await expect
      .poll(
        async () => {
          const attempt = await openStream(base, c);
          if (attempt.response.status === 200) again = attempt;
          else await attempt.cancel();
          return attempt.response.status;
        },
        { timeout: 5_000 },
      )
      .toBe(200);
    await again!.until(/event: ready/);
    await Promise.all([second.cancel(), again!.cancel()]);
  });
});
