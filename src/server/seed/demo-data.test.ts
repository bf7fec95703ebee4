import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type Database } from '../db/client';
import { accounts, homes, users } from '../db/schema';
import { fixedClock } from '../providers/clock/clock';
import { mediumImage, shareImage } from '#shared/images';
import { diskStorage } from '../providers/storage/disk-storage';
import { createTestDatabase } from '../test/test-database';
import { DEMO_ACCOUNTS, DEMO_CITY_TIME_ZONES, DEMO_PASSWORD, seedDemoData } from './demo-data';
import { DEMO_IMAGE_SIZES, cardImageUrl, exteriorSvg, interiorSvg } from './demo-images';

const NOW = '2026-11-21T10:00:00.000Z';

/** The suite's migrated template when run by the api projects; a fresh in-memory PGlite otherwise. */
async function freshDatabase(): Promise<Database> {
  if (inject('dbMode')) return createTestDatabase();
  const database = await openPglite();
  await database.migrate();
  return database;
}

describe('seedDemoData', () => {
  let database: Database;
  let dir: string;
  let storage: ReturnType<typeof diskStorage>;
  const clock = fixedClock(NOW);
  let first: Awaited<ReturnType<typeof seedDemoData>>;

  beforeAll(async () => {
    database = await freshDatabase();
    dir = mkdtempSync(join(tmpdir(), 'stayhub-seed-'));
    storage = diskStorage(dir);
    first = await seedDemoData({ db: database.db, storage, clock });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const fileOf = (url: string) => {
    expect(url.startsWith('/uploads/')).toBe(true);
    return join(storage.publicDir, url.slice('/uploads/'.length));
  };

  it('inserts at least 24 varied homes in at least 6 cities', async () => {
    expect(first.seeded).toBe(true);
    const rows = await database.db.select().from(homes);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((h) => h.location)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((h) => h.title)).size).toBe(rows.length);
    expect(new Set(rows.map((h) => h.description)).size).toBe(rows.length);
    expect(new Set(rows.map((h) => h.priceCents)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((h) => h.totalGuest)).size).toBeGreaterThanOrEqual(5);
    const today = '2026-11-21';
    for (const h of rows) {
      expect(h.priceCents).toBeGreaterThanOrEqual(4_500);
      expect(h.priceCents).toBeLessThanOrEqual(48_000);
      expect(h.totalGuest).toBeGreaterThanOrEqual(1);
      expect(h.totalGuest).toBeLessThanOrEqual(12);
      expect(h.availableFrom >= today).toBe(true);
      expect(h.availableFrom < h.availableTo).toBe(true);
      expect(h.description.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 3).length).toBeGreaterThanOrEqual(2);
    }
    // Some open today, some later, some short windows.
    expect(rows.some((h) => h.availableFrom === today)).toBe(true);
    expect(rows.some((h) => h.availableFrom > '2026-12-05')).toBe(true);
    expect(rows.some((h) => Date.parse(h.availableTo) - Date.parse(h.availableFrom) <= 14 * 86_400_000)).toBe(true);
    // Mostly the first host's, a few the second's.
    const host1 = rows.filter((h) => h.hostEmail === 'host@stayhub.test').length;
    const host2 = rows.filter((h) => h.hostEmail === 'host2@stayhub.test').length;
    expect(host1 + host2).toBe(rows.length);
    expect(host1).toBeGreaterThan(host2);
    expect(host2).toBeGreaterThanOrEqual(3);
    expect(rows.every((h) => h.hostId !== null)).toBe(true);
  });

  it("gives every home its city's own time zone", async () => {
    const rows = await database.db.select({ location: homes.location, timeZone: homes.timeZone }).from(homes);
    const zoneOf = new Map(rows.map((h) => [h.location, h.timeZone]));
    expect(zoneOf.get('Dhaka, Bangladesh')).toBe('Asia/Dhaka');
    expect(zoneOf.get('New York, USA')).toBe('America/New_York');
    expect(zoneOf.get('Kyoto, Japan')).toBe('Asia/Tokyo');
    for (const h of rows) expect(h.timeZone).toBe(DEMO_CITY_TIME_ZONES[h.location]);
  });

  it('gives every home at least two different pictures, stored as WebP in three sizes', async () => {
    const rows = await database.db.select({ images: homes.images }).from(homes);
    const checked = new Map<string, true>();
    for (const { images } of rows) {
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(new Set(images).size).toBe(images.length);
      for (const url of images) {
        if (checked.has(url)) continue;
        checked.set(url, true);
        expect(url).toMatch(/^\/uploads\/[a-z0-9-]+-1280\.webp$/);
        for (const [variant, size] of [
          [url, DEMO_IMAGE_SIZES.detail],
          [mediumImage(url), DEMO_IMAGE_SIZES.medium],
          [cardImageUrl(url), DEMO_IMAGE_SIZES.card],
        ] as const) {
          const path = fileOf(variant);
          expect(existsSync(path), path).toBe(true);
          const meta = await sharp(path).metadata();
          expect(meta.format).toBe('webp');
          expect([meta.width, meta.height]).toEqual([size.width, size.height]);
        }
        // The share preview (og:image, ADR 0022) beside them.
        const share = await sharp(fileOf(shareImage(url))).metadata();
        expect([share.format, share.width, share.height]).toEqual(['jpeg', 1200, 630]);
      }
    }
    // Covers differ from home to home.
    expect(new Set(rows.map((r) => r.images[0])).size).toBe(rows.length);
  });

  it('creates the four demo accounts with their roles and a password Better Auth verifies', async () => {
    expect(first.accounts.map((a) => a.email).sort()).toEqual(
      ['admin@stayhub.test', 'guest@stayhub.test', 'host2@stayhub.test', 'host@stayhub.test'].sort(),
    );
    const expected: Record<string, string | null> = {
      'admin@stayhub.test': 'admin',
      'host@stayhub.test': 'host',
      'host2@stayhub.test': 'host',
      'guest@stayhub.test': null,
    };
    for (const account of DEMO_ACCOUNTS) {
      expect(account.password).toBe(DEMO_PASSWORD);
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(user!.role).toBe(expected[account.email]);
      expect(user!.emailVerified).toBe(true);
      const creds = await database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
      expect(creds).toHaveLength(1);
      expect(creds[0]!.providerId).toBe('credential');
      expect(creds[0]!.accountId).toBe(user!.id);
      expect(await verifyPassword({ hash: creds[0]!.password!, password: DEMO_PASSWORD })).toBe(true);
      expect(await verifyPassword({ hash: creds[0]!.password!, password: 'wrong-password' })).toBe(false);
    }
  });

  it('does nothing on a second run, except restoring a missing demo account', async () => {
    const count = async () => ({
      homes: (await database.db.select({ n: sql<number>`count(*)::int` }).from(homes))[0]!.n,
      users: (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n,
      accounts: (await database.db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0]!.n,
    });
    const before = await count();
    const again = await seedDemoData({ db: database.db, storage, clock });
    expect(again.seeded).toBe(false);
    expect(await count()).toEqual(before);

    await database.db.delete(users).where(eq(users.email, 'guest@stayhub.test'));
    const third = await seedDemoData({ db: database.db, storage, clock });
    expect(third.seeded).toBe(false);
    expect(await count()).toEqual(before);
  });
});

describe('demo pictures', () => {
  it('are deterministic and differ by seed', () => {
    expect(exteriorSvg({ seed: 7 })).toBe(exteriorSvg({ seed: 7 }));
    expect(exteriorSvg({ seed: 7 })).not.toBe(exteriorSvg({ seed: 8 }));
    expect(interiorSvg({ seed: 3, room: 'kitchen' })).toBe(interiorSvg({ seed: 3, room: 'kitchen' }));
    expect(exteriorSvg({ seed: 1 })).toMatch(/^<svg [^>]*width="1280" height="853" viewBox="0 0 1280 853"/);
  });
});
