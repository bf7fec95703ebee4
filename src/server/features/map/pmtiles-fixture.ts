/**
 * A tiny PMTiles v3 archive for tests (MAP_PMTILES). The pmtiles package reads archives but writes
 * none, and no well-kept npm package writes one, so this follows the spec
 * (github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): a 127-byte header, one uncompressed root
 * directory, JSON metadata, then the tiles. The tests read it back with the pmtiles reader the
 * browser uses, so a mistake here fails them.
 */
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { zxyToTileId } from 'pmtiles';

const HEADER_BYTES = 127;
const COMPRESSION_NONE = 1;
const TILE_TYPE_MVT = 1;

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      out.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    out.push(value);
  }
  return out;
}

/** A Mapbox Vector Tile z/x/y whose one layer `layer` holds the box west,south,east,north (degrees). */
export function boxTile(
  layer: string,
  [west, south, east, north]: [number, number, number, number],
  z: number,
  x: number,
  y: number,
): Uint8Array {
  const box = {
    type: 'Feature' as const,
    properties: {},
    geometry: {
      type: 'Polygon' as const,
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  };
  return fromGeojsonVt({ [layer]: geoJSONToTile(box, z, x, y, {}) }, { version: 2, extent: 4096 });
}

/** An archive of Mapbox Vector Tiles keyed "z/x/y", with `metadata` as its JSON metadata. */
export function pmtilesArchive(tiles: Record<string, Uint8Array>, metadata: object): Buffer {
  const entries = Object.entries(tiles)
    .map(([key, data]) => {
      const [z, x, y] = key.split('/').map(Number) as [number, number, number];
      return { z, id: zxyToTileId(z, x, y), data };
    })
    .sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => {
    const at = offset;
    offset += e.data.length;
    return { ...e, offset: at };
  });
  // Entries: count, then tile id deltas, run lengths, lengths, and offsets (0: right after the previous, else offset + 1).
  const directory = Buffer.from(
    varints([
      placed.length,
      ...placed.map((e, i) => e.id - (i ? placed[i - 1]!.id : 0)),
      ...placed.map(() => 1),
      ...placed.map((e) => e.data.length),
      ...placed.map((e, i) =>
        i && e.offset === placed[i - 1]!.offset + placed[i - 1]!.data.length ? 0 : e.offset + 1,
      ),
    ]),
  );
  const meta = Buffer.from(JSON.stringify(metadata));
  const data = Buffer.concat(placed.map((e) => e.data));
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const sections = [
    [HEADER_BYTES, directory.length], // root directory
    [HEADER_BYTES + directory.length, meta.length], // metadata
    [HEADER_BYTES + directory.length + meta.length, 0], // leaf directories: none
    [HEADER_BYTES + directory.length + meta.length, data.length], // tile data
  ];
  sections.flat().forEach((value, i) => header.writeBigUInt64LE(BigInt(value), 8 + i * 8));
  for (const [i, count] of [placed.length, placed.length, placed.length].entries()) {
    header.writeBigUInt64LE(BigInt(count), 72 + i * 8);
  }
  const zooms = placed.map((e) => e.z);
  header.writeUInt8(1, 96); // clustered: tiles in tile id order
  header.writeUInt8(COMPRESSION_NONE, 97); // directories and metadata
  header.writeUInt8(COMPRESSION_NONE, 98); // tiles
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  // The world's bounds and its centre, in 1e-7 degrees.
  [-180, -85, 180, 85].forEach((deg, i) => header.writeInt32LE(deg * 1e7, 102 + i * 4));
  header.writeUInt8(Math.min(...zooms), 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  return Buffer.concat([header, directory, meta, data]);
}
