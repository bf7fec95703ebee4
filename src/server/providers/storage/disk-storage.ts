import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertSafeKey, type StorageProvider, type Visibility } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** Files under `<root>/public` and `<root>/private`; public ones are served at `/uploads/<key>`. */
export function diskStorage(root: string, publicPrefix = '/uploads/'): StorageProvider & { publicDir: string } {
  const base = resolve(root);
  const dir = (v: Visibility) => join(base, v);
  return {
    publicDir: dir('public'),
    async put(key, data, { visibility }) {
      assertSafeKey(key);
      await mkdir(dir(visibility), { recursive: true });
      const target = join(dir(visibility), key);
      // Write then rename, so a reader never sees half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, target);
    },
    async get(key, visibility) {
      assertSafeKey(key);
      const path = join(dir(visibility), key);
      try {
        const info = await stat(path);
        const ext = key.split('.').pop() ?? '';
        return {
          body: createReadStream(path),
          size: info.size,
          contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    async delete(key, visibility) {
      assertSafeKey(key);
      await rm(join(dir(visibility), key), { force: true });
    },
    publicUrl: (key) => `${publicPrefix}${key}`,
  };
}
