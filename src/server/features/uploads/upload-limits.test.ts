import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { diskStorage } from '#server/providers/storage/disk-storage';
import type { StorageProvider } from '#server/providers/storage/storage';
import { signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { multipart } from './fixtures/multipart';
import { UPLOADS_CONCURRENT_PER_USER, UPLOADS_PER_MINUTE_PER_USER } from './upload-limits';

/** Storage whose writes wait while `closed`, so uploads can be caught in progress. */
const gate = { closed: false, waiting: 0, open: [] as (() => void)[] };
function gatedStorage(inner: StorageProvider): StorageProvider {
  return {
    ...inner,
    async put(key, data, options) {
      if (gate.closed) {
        gate.waiting++;
        await new Promise<void>((resolve) => gate.open.push(resolve));
        gate.waiting--;
      }
      return inner.put(key, data, options);
    },
  };
}
const t = useTestApp((deps) => ({ storage: gatedStorage(deps.storage) }));
// A test that fails with the gate closed must not leave the next test's uploads waiting.
afterEach(() => {
  gate.closed = false;
  for (const open of gate.open.splice(0)) open();
});

let picture: Buffer;
beforeAll(async () => {
  picture = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});

function upload(who: SignedIn) {
  const body = multipart([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: picture }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('per-user upload limits', () => {
  it(`runs at most ${UPLOADS_CONCURRENT_PER_USER} uploads of one user at a time; others are not held back`, async () => {
    const [busy, other] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'host')]);
    gate.closed = true;
    const first = upload(busy);
    const second = upload(busy);
    await expect.poll(() => gate.waiting).toBe(2);

    const third = await upload(busy);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toEqual({
      error: { code: 'too_many_uploads', message: 'Wait for your other uploads to finish, then try again.' },
    });
    // Another user's upload goes ahead (it reaches the storage too).
    const others = upload(other);
    await expect.poll(() => gate.waiting).toBe(3);

    gate.closed = false;
    for (const open of gate.open.splice(0)) open();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await others).statusCode).toBe(200);
    // Slots are given back: the next one is fine.
    expect((await upload(busy)).statusCode).toBe(200);
  });

  it(`allows ${UPLOADS_PER_MINUTE_PER_USER} uploads a minute per user, then 429 with Retry-After`, async () => {
    t.clock.advance(60_000);
    const [eager, other] = await Promise.all([signInAs(t.app, 'host'), signInAs(t.app, 'host')]);
    for (let i = 0; i < UPLOADS_PER_MINUTE_PER_USER; i++) {
      expect((await upload(eager)).statusCode).toBe(200);
      t.clock.advance(1_000);
    }
    const refused = await upload(eager);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json().error.code).toBe('too_many_uploads');
    expect((await upload(other)).statusCode).toBe(200);
    t.clock.advance(wait * 1000);
    expect((await upload(eager)).statusCode).toBe(200);
  });
});

describe('the uploads folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stayhub-fresh-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('does not need to exist at start (no demo data): no warning, and pictures are served once stored', async () => {
    const storage = diskStorage(join(dir, 'uploads'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      storage,
      config: t.config,
      mail: t.mail,
      payments: sandboxPayments({ db: t.db, clock: t.clock }),
      logger: { level: 'warn', stream },
    });
    try {
      await app.ready();
      expect(lines.join('')).not.toMatch(/must exist/);
      await storage.put('abc-1280.webp', Buffer.from('RIFF'), { contentType: 'image/webp', visibility: 'public' });
      expect((await app.inject({ method: 'GET', url: '/uploads/abc-1280.webp' })).statusCode).toBe(200);
      expect(readdirSync(storage.publicDir)).toEqual(['abc-1280.webp']);
    } finally {
      await app.close();
    }
  });
});
