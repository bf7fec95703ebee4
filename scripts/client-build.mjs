// Builds the client when dist/client is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function clientIsStale() {
  const built = join(root, 'dist/client/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > builtAt);
}

/** Writes .br and .gz beside every compressible asset, so the server sends them without compressing per request. */
export function precompress(dir = join(root, 'dist/client')) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(path);
      continue;
    }
    if (!/\.(js|css|svg|json|html|txt|webmanifest)$/.test(entry.name)) continue;
    const data = readFileSync(path);
    if (data.length < 1024) continue;
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

export function buildClientIfStale({ force = false } = {}) {
  if (!force && !clientIsStale()) return false;
  console.log('Building the client (vite build)...');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  precompress();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildClientIfStale({ force: process.argv.includes('--force') });
