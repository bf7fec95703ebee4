import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertSafeKey, contentTypeOf, type ObjectInfo, type StorageProvider, type Visibility } from './storage';

/** Files under `<root>/public` and `<root>/private`; the app serves public ones at `/uploads/<key>`. */
export function diskStorage(root: string, publicPrefix = '/uploads/'): StorageProvider & { publicDir: string } {
  const base = resolve(root);
  const dir = (v: Visibility) => join(base, v);

  async function info(path: string, key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      return {
        contentType: contentTypeOf(key),
        size: s.size,
        // Size and modification time, as @fastify/static and nginx make it: a rewrite changes it.
        etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
        lastModified: s.mtime,
      };
    } catch {
      return null;
    }
  }

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
      const found = await info(path, key);
      return found && { ...found, body: createReadStream(path) };
    },
    async head(key, visibility) {
      assertSafeKey(key);
      return info(join(dir(visibility), key), key);
    },
    async delete(key, visibility) {
      assertSafeKey(key);
      await rm(join(dir(visibility), key), { force: true });
    },
    publicUrl: (key) => `${publicPrefix}${key}`,
  };
}
