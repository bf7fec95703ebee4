/**
 * Two real app processes on one PostgreSQL database and one Redis (two-nodes.ts): uploads in the
 * shared bucket and live messages reach the other process.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '#server/db/schema';
import sharp from 'sharp';
import { multipart } from '#server/features/uploads/fixtures/multipart';
import { describeTwoNodes } from './two-nodes';

describeTwoNodes('uploads and live messages', (c) => {
  const { node, userWithSession, freshHome } = c;

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
    const [row] = await c.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'requested', docImage });
    // An admin reviewing it on the first process sees the document.
    const reviewer = await userWithSession(null);
    await c.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, reviewer.id));
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
});
