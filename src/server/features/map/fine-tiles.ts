/**
 * The offline basemap's 1:10m vector tiles (ADR 0067): cut on demand in one worker thread, started
 * at the first request (indexing takes seconds and ~200 MB, so a server whose maps stay at world
 * or country zoom never pays it) and stopped after IDLE_MS without requests. The tiles asked for
 * most recently are kept, raw and gzipped, so a city looked at often is cut once.
 */
import { Worker } from 'node:worker_threads';
import { FINE_TILES } from './map-style';

export interface TileAsk {
  id: number;
  z: number;
  x: number;
  y: number;
}
export type TileAnswer = { id: number; raw: Uint8Array; gzip: Uint8Array } | { id: number; failed: string };
export interface FineTile {
  raw: Buffer;
  gzip: Buffer;
}

const ENTRY = new URL('./fine-tiles-worker.mjs', import.meta.url);
const IDLE_MS = 10 * 60_000;
const START_TIMEOUT_MS = 60_000;
const MEMORY_MB = 768;
/** Tiles kept (most are a few KB; sea tiles are empty). */
const CACHED_TILES = 2_000;

/** Whether z/x/y names a tile this basemap has. */
export function isFineTile(z: number, x: number, y: number): boolean {
  const size = 2 ** z;
  return (
    [z, x, y].every(Number.isInteger) &&
    z >= FINE_TILES.minzoom &&
    z <= FINE_TILES.maxzoom &&
    x >= 0 &&
    x < size &&
    y >= 0 &&
    y < size
  );
}

export function fineTileStore() {
  const cache = new Map<string, FineTile>();
  const waiting = new Map<number, { resolve: (tile: FineTile) => void; reject: (err: Error) => void }>();
  let thread: Promise<Worker> | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;

  const failAll = (err: Error) => {
    thread = null;
    for (const job of waiting.values()) job.reject(err);
    waiting.clear();
  };

  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
      const timer = setTimeout(() => {
        reject(new Error('the map tile thread did not start in time'));
        void worker.terminate();
      }, START_TIMEOUT_MS);
      worker.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
        failAll(err);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        const err = new Error(`the map tile thread stopped (exit code ${code})`);
        reject(err);
        failAll(err);
      });
      worker.on('message', (answer: TileAnswer | 'ready') => {
        if (answer === 'ready') {
          clearTimeout(timer);
          resolve(worker);
          return;
        }
        const job = waiting.get(answer.id);
        waiting.delete(answer.id);
        if (waiting.size === 0) worker.unref();
        if ('failed' in answer) job?.reject(new Error(`cutting a map tile failed: ${answer.failed}`));
        else job?.resolve({ raw: Buffer.from(answer.raw), gzip: Buffer.from(answer.gzip) });
      });
    });

  const stop = async () => {
    clearTimeout(idleTimer);
    const running = thread;
    thread = null;
    if (running) await (await running.catch(() => null))?.terminate();
  };

  return {
    /** The tile z/x/y (isFineTile must hold). */
    async get(z: number, x: number, y: number): Promise<FineTile> {
      const key = `${z}/${x}/${y}`;
      const kept = cache.get(key);
      if (kept) {
        // Most recent last: the first entry is the one to drop.
        cache.delete(key);
        cache.set(key, kept);
        return kept;
      }
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void stop(), IDLE_MS).unref();
      thread ??= start();
      const worker = await thread;
      const id = nextId++;
      const tile = await new Promise<FineTile>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, z, x, y } satisfies TileAsk);
      });
      cache.set(key, tile);
      if (cache.size > CACHED_TILES) cache.delete(cache.keys().next().value!);
      return tile;
    },
    stop,
  };
}
