import type { Db } from './db/client';
import type { Clock } from './providers/clock/clock';
import type { StorageProvider } from './providers/storage/storage';

/** Everything from outside that the app uses; handed to buildApp so tests can choose each part. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  storage: StorageProvider;
  /** Directory served at /uploads (public images of the disk storage). */
  uploadsDir?: string;
  /** Built client (index.html and assets); the SPA is served when set. */
  clientDir?: string;
  logger?: boolean | { level: string };
}

export type AppContext = AppDeps;
