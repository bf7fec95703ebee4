/**
 * The worker-thread side of fine-tiles.ts: indexes Natural Earth's 1:10m land and borders once
 * (a few seconds of CPU and ~200 MB, kept off the event loop), then cuts each tile it is asked for
 * into a Mapbox Vector Tile with layers `land` and `borders`, and its gzip.
 */
import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { FINE_TILES, worldGeoJson } from './map-style';
import type { TileAnswer, TileAsk } from './fine-tiles';

const port = parentPort;
if (!port) throw new Error('fine-tiles-thread runs only as a worker thread (fine-tiles.ts starts it)');

const world = worldGeoJson('10m');
// indexMaxZoom 0: tiles are cut on demand, only where someone looks.
type Data = ConstructorParameters<typeof GeoJSONVT>[0];
const options = { maxZoom: FINE_TILES.maxzoom, indexMaxZoom: 0, tolerance: 3, buffer: 64 };
const indexes = {
  land: new GeoJSONVT(world.land as Data, options),
  borders: new GeoJSONVT(world.borders as Data, options),
};

port.on('message', ({ id, z, x, y }: TileAsk) => {
  let answer: TileAnswer;
  try {
    const layers: Record<string, GeoJSONVTTile> = {};
    for (const [name, index] of Object.entries(indexes)) {
      const tile = index.getTile(z, x, y);
      if (tile?.features.length) layers[name] = tile;
    }
    const raw = Object.keys(layers).length ? fromGeojsonVt(layers, { version: 2, extent: 4096 }) : new Uint8Array(0);
    answer = { id, raw, gzip: raw.length ? gzipSync(raw) : raw };
  } catch (err) {
    answer = { id, failed: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(answer);
});
port.postMessage('ready');
