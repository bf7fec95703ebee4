/**
 * The live stream over a real socket: the parties of a conversation get its events as they
 * happen, nobody else does; heartbeats keep it open; a suspension or an account deletion ends the
 * user's streams, and closing the app ends open streams at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHome } from '#server/test/factories';
import { openStream as openStreamAt } from '#server/test/live-stream';
import { signInAs, TEST_ORIGIN, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp(() => ({ messageStream: { heartbeatMs: 150, maxMs: 60_000 } }));
let base = '';
let guest: SignedIn, host: SignedIn, stranger: SignedIn;
let homeId: string;
const openStream = (who: SignedIn | null) => openStreamAt(base, who);

beforeAll(async () => {
  [guest, host, stranger] = await Promise.all([
    signInAs(t.app, 'guest'),
    signInAs(t.app, 'host'),
    signInAs(t.app, 'guest'),
  ]);
  homeId = (await insertHome(t.db, { hostId: host.user.id, hostEmail: host.user.email })).id;
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.app.close();
});

describe('GET /api/conversations/stream', () => {
  it('refuses anonymous callers with 401', async () => {
    const res = await fetch(`${base}/api/conversations/stream`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it("brings a new message to both parties' streams, uncompressed, and to nobody else", async () => {
    const [hostStream, guestStream, strangerStream] = await Promise.all([
      openStream(host),
      openStream(guest),
      openStream(stranger),
    ]);
    expect(hostStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(hostStream.response.headers.get('content-encoding')).toBeNull();
    await Promise.all([hostStream, guestStream, strangerStream].map((s) => s.until(/event: ready/)));

    const res = await fetch(`${base}/api/home/${homeId}/inquiries`, {
      method: 'POST',
      headers: { ...guest.headers, 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ text: 'Can we check in at 10?' }),
    });
    expect(res.status).toBe(201);
    const { conversationId } = (await res.json()) as { conversationId: string };
    const event = `event: message\ndata: {"conversationId":"${conversationId}"}`;
    await hostStream.until(new RegExp(event));
    await guestStream.until(new RegExp(event));

    // The host reads it: the host's stream hears `read` (other tabs update their badge), the guest's does not.
    const read = await fetch(`${base}/api/conversations/${conversationId}/messages`, { headers: host.headers });
    expect(read.status).toBe(200);
    await read.arrayBuffer();
    await hostStream.until(/event: read\n/);
    await strangerStream.until(/: heartbeat/);
    expect(strangerStream.text()).not.toContain(conversationId);
    expect(guestStream.text()).not.toMatch(/event: read\n/);
    await Promise.all([hostStream, guestStream, strangerStream].map((s) => s.cancel()));
  });

  it('ends a user’s open streams at once when an admin suspends them or they delete their account', async () => {
    const admin = await signInAs(t.app, 'admin');
    const [suspended, leaving] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'guest')]);
    const streams = await Promise.all([openStream(suspended), openStream(suspended), openStream(leaving)]);
    const bystander = await openStream(guest);
    await Promise.all([...streams, bystander].map((s) => s.until(/event: ready/)));
    const post = (who: SignedIn, url: string, body: object, method = 'POST') =>
      fetch(`${base}${url}`, {
        method,
        headers: { ...who.headers, 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify(body),
      });
    expect((await post(admin, `/api/admin/users/${suspended.user.id}/suspend`, { note: 'Fraud' })).status).toBe(200);
    // Within seconds, not at the stream's own end (60 s here).
    await Promise.all([streams[0]!.ended, streams[1]!.ended]);
    expect(streams[2]!.isEnded()).toBe(false);
    expect((await post(leaving, '/api/me', {}, 'DELETE')).status).toBe(200);
    await streams[2]!.ended;
    // The reconnect meets a 401; other people's streams go on.
    expect((await fetch(`${base}/api/conversations/stream`, { headers: suspended.headers })).status).toBe(401);
    await bystander.until(/: heartbeat/);
    expect(bystander.isEnded()).toBe(false);
    await bystander.cancel();
  });

  it('ends open streams when the app closes, so a shutdown does not wait for them', async () => {
    const stream = await openStream(guest);
    await stream.until(/event: ready/);
    const started = Date.now();
    await Promise.all([t.app.close(), stream.ended]);
    // Well before the stream's own end (maxMs, 60 s here). The few seconds it may take are the test
    // client's keep-alive sockets from the earlier tests, which the server waits out.
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
