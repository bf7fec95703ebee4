/** GET/PUT /api/profile: name and photo, validated; Better Auth's update-user keeps to the same photo rule. */
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';

const t = useTestApp();

const KEY = 'a'.repeat(32);
const PHOTO = `/uploads/${KEY}-1280.webp`;

async function storedPhoto() {
  const webp = Buffer.from('RIFF\0\0\0\0WEBPVP8 ');
  await t.storage.put(`${KEY}-1280.webp`, webp, { contentType: 'image/webp', visibility: 'public' });
  await t.storage.put(`${KEY}-640.webp`, webp, { contentType: 'image/webp', visibility: 'public' });
}

const put = (who: SignedIn | null, body: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: who?.headers ?? {}, payload: body as object });

describe('profile', () => {
  it('changes the name and the photo; the session and the profile show them', async () => {
    await storedPhoto();
    const me = await signInAs(t.app, 'guest');
    const res = await put(me, { name: '  Ada Lovelace ', image: PHOTO });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada Lovelace', image: PHOTO, email: me.user.email });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: me.headers });
    expect(session.json().user).toMatchObject({ name: 'Ada Lovelace', image: PHOTO });
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: me.headers });
    expect(profile.json()).toMatchObject({ name: 'Ada Lovelace', image: PHOTO, joinedAt: expect.any(String) });
    expect((await put(me, { name: 'Ada', image: null })).json().image).toBeNull();
  });

  it('refuses bad names, photos that are not uploads or are gone, and unknown fields (400); anonymous: 401', async () => {
    const me = await signInAs(t.app, 'guest');
    const bad = [
      { name: '', image: null },
      { name: 'x'.repeat(101), image: null },
      { name: 'two\nlines', image: null },
      { name: 'see https://evil.example', image: null },
      { name: 'Ada', image: 'https://tracker.example/p.png' },
      { name: 'Ada', image: '/uploads/../secret-1280.webp' },
      { name: 'Ada', image: `/uploads/${'b'.repeat(32)}-1280.webp` },
      { name: 'Ada', image: null, role: 'admin' },
      { name: 'Ada' },
    ];
    for (const body of bad) expect((await put(me, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await put(null, { name: 'Ada', image: null })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  it("refuses an outside photo address through Better Auth's update-user too", async () => {
    await storedPhoto();
    const me = await signInAs(t.app, 'guest');
    const update = (image: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...me.headers, origin: TEST_ORIGIN },
        payload: { image },
      });
    expect((await update('https://tracker.example/p.png')).statusCode).toBe(400);
    expect((await update(PHOTO)).statusCode).toBe(200);
  });
});
