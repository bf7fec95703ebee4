/**
 * Two real app processes on one PostgreSQL database and one Redis (two-nodes.ts): uploads in the
 * shared bucket reach the other process.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '#server/db/schema';
import sharp from 'sharp';
import { multipart } from '#server/features/uploads/fixtures/multipart';
import { describeTwoNodes } from './two-nodes';

describeTwoNodes('uploads in the shared bucket', (c) => {
  const { node, userWithSession } = c;

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
});
