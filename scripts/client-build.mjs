// Builds the client when dist/client is missing or older than its sources.
//
// Several processes may start at once on one machine (systemd instances, a supervisor): each builds
// into a folder of its own and then moves it into place with rename(2), so no process ever sees
// another's half-written or emptied folder (vite empties its outDir first: two builds into one folder
// crashed with ENOTEMPTY). The first finished build wins; a later one that finds a build from the same
// sources already in place throws its own away.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];
const DEFAULT_DIST = join(root, 'dist');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function clientIsStale(dist = DEFAULT_DIST) {
  const built = join(dist, 'client/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > builtAt);
}

/** Writes .br and .gz beside every compressible asset, so the server sends them without compressing per request. */
export function precompress(dir = join(DEFAULT_DIST, 'client')) {
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

const gone = (err) => err && (err.code === 'ENOENT' || err.code === 'ENOTEMPTY' || err.code === 'EEXIST');

/** Moves a finished build to `<dist>/client`; false when another process's build got there first. */
function moveIntoPlace(built, dist, { replaceFresh }) {
  const target = join(dist, 'client');
  const old = join(dist, `.client-old-${process.pid}-${randomBytes(4).toString('hex')}`);
  // A build in place that is not stale (another process finished first, from the same sources) stays.
  if (!replaceFresh && !clientIsStale(dist)) return false;
  try {
    renameSync(target, old);
  } catch (err) {
    if (!gone(err)) throw err;
  }
  try {
    renameSync(built, target);
    return true;
  } catch (err) {
    // Another process moved its build in between our two renames: theirs is as fresh.
    if (gone(err)) return false;
    throw err;
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}

export function buildClientIfStale({ force = false, dist = DEFAULT_DIST } = {}) {
  if (!force && !clientIsStale(dist)) return false;
  console.log('Building the client (vite build)...');
  mkdirSync(dist, { recursive: true });
  const built = join(dist, `.client-build-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', built, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    precompress(built);
    return moveIntoPlace(built, dist, { replaceFresh: force });
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildClientIfStale({ force: process.argv.includes('--force') });
