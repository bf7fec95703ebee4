import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../app-context';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { fixedClock } from '../providers/clock/clock';
import { diskStorage } from '../providers/storage/disk-storage';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  clock: ReturnType<typeof fixedClock>;
  storage: ReturnType<typeof diskStorage>;
  storageDir: string;
}

export const TEST_NOW = '2026-11-21T10:00:00.000Z';

/** Builds the app on a fresh database for this test file; closes everything after the file. */
export function useTestApp(overrides: (t: Omit<TestApp, 'app'>) => Partial<AppDeps> = () => ({})): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const storageDir = mkdtempSync(join(tmpdir(), 'stayhub-storage-'));
    const storage = diskStorage(storageDir);
    const clock = fixedClock(TEST_NOW);
    Object.assign(holder, { database, db: database.db, clock, storage, storageDir });
    holder.app = await buildApp({ db: database.db, clock, storage, uploadsDir: storage.publicDir, ...overrides(holder) });
    await holder.app.ready();
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
    if (holder.storageDir) rmSync(holder.storageDir, { recursive: true, force: true });
  });
  return holder;
}
