/**
 * The map's MapLibre styles (issue 29, ADR 0057, ADR 0067). With no settings: an offline world map
 * drawn from Natural Earth (the world-atlas package), land and country borders at 1:50m as GeoJSON
 * up to FINE_TILES.minzoom, then at 1:10m as vector tiles StayHub cuts on demand (fine-tiles.ts),
 * so a city's coast is where it is and the first view stays light. With MAP_PMTILES: a street-level
 * style over a Protomaps basemap extract served by StayHub. Neither has text labels, so no glyphs or
 * sprites are needed.
 */
import { createRequire } from 'node:module';
import type { FeatureCollection, Geometry, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);

/** world-atlas's countries files: objects `countries` and `land` (typed through topojson-client's own types). */
type WorldTopology = Parameters<typeof mesh>[0] & {
  objects: Record<'countries' | 'land', NonNullable<Parameters<typeof mesh>[1]>>;
};

/**
 * The 1:10m tiles' zooms. From zoom 5 (a region) the 1:50m coast is visibly off; tiles are cut up
 * to zoom 10 and drawn larger beyond it, the data holding no more detail than that.
 */
export const FINE_TILES = { minzoom: 5, maxzoom: 10 } as const;

const MAP_COLORS = {
  water: '#cfe3f2',
  land: '#f4f1ea',
  border: '#a39e93',
  park: '#dcebd5',
  road: '#ffffff',
  roadCasing: '#d8d3c8',
  building: '#e6e1d6',
} as const;

/**
 * A line or ring whose points jump across the antimeridian (179.9 to -180) walked on past it
 * instead (to 180.1 and beyond). Natural Earth cuts Chukotka, Wrangel Island and Fiji at ±180, and
 * world-atlas's merged land joins the two sides with an edge across the whole map, which MapLibre
 * drew as a band of land around the world at that latitude. geojson-vt (MapLibre's, and the fine
 * tiles') wraps what lies past ±180 onto the other side. A ring around a pole (Antarctica's: its
 * steps add up to a full turn) has no other side and is kept as it is.
 */
function continuousAcrossAntimeridian(points: Position[], ring: boolean): Position[] {
  let shift = 0;
  const walked = points.map((point, i) => {
    const step = i === 0 ? 0 : point[0]! - points[i - 1]![0]!;
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    return shift === 0 ? point : [point[0]! + shift, ...point.slice(1)];
  });
  return ring && shift !== 0 ? points : walked;
}

/** world-atlas's land (multipolygons) and border mesh (a multilinestring), walked across the antimeridian. */
function walkedGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'MultiLineString') {
    return { ...geometry, coordinates: geometry.coordinates.map((line) => continuousAcrossAntimeridian(line, false)) };
  }
  if (geometry.type === 'MultiPolygon') {
    return {
      ...geometry,
      coordinates: geometry.coordinates.map((polygon) =>
        polygon.map((ring) => continuousAcrossAntimeridian(ring, true)),
      ),
    };
  }
  throw new Error(`world-atlas gave a ${geometry.type}: only its multipolygons and multilinestrings are walked`);
}

/** GeoJSON of the land and of the borders between countries at a Natural Earth scale, made on first use. */
export function worldGeoJson(scale: '50m' | '10m' = '50m'): {
  land: FeatureCollection<Geometry>;
  borders: Geometry;
} {
  // Each file named in full, so its package is seen as used.
  const countries = (
    scale === '10m' ? require('world-atlas/countries-10m.json') : require('world-atlas/countries-50m.json')
  ) as WorldTopology;
  const land = feature(countries, countries.objects.land) as FeatureCollection<Geometry>;
  return {
    land: { ...land, features: land.features.map((f) => ({ ...f, geometry: walkedGeometry(f.geometry) })) },
    // Only lines shared by two countries: coastlines are the land's own edge.
    borders: walkedGeometry(mesh(countries, countries.objects.countries, (a, b) => a !== b)),
  };
}

/**
 * The offline style: water, land and borders. Its URLs are relative to the site: MapLibre's worker
 * is a same-origin module (/assets/...), so they resolve to StayHub whatever host the page uses.
 */
export function offlineStyle(): object {
  const coarse = { maxzoom: FINE_TILES.minzoom };
  const fine = { minzoom: FINE_TILES.minzoom };
  const bordersPaint = { 'line-color': MAP_COLORS.border, 'line-width': 1, 'line-dasharray': [3, 2] };
  return {
    version: 8,
    name: 'StayHub offline world',
    sources: {
      land: { type: 'geojson', data: '/map/land.json', attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: '/map/borders.json' },
      // Requested only from its minzoom: a world or continent view never loads it.
      fine: {
        type: 'vector',
        tiles: ['/map/fine/{z}/{x}/{y}.pbf'],
        ...FINE_TILES,
        attribution: 'Natural Earth',
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': MAP_COLORS.water } },
      { id: 'land', type: 'fill', source: 'land', ...coarse, paint: { 'fill-color': MAP_COLORS.land } },
      { id: 'borders', type: 'line', source: 'borders', ...coarse, paint: bordersPaint },
      {
        id: 'land-fine',
        type: 'fill',
        source: 'fine',
        'source-layer': 'land',
        ...fine,
        paint: { 'fill-color': MAP_COLORS.land },
      },
      { id: 'borders-fine', type: 'line', source: 'fine', 'source-layer': 'borders', ...fine, paint: bordersPaint },
    ],
  };
}

/**
 * A street-level style over a Protomaps basemap extract (its layer names: earth, water, landuse,
 * roads, buildings, boundaries), read through the pmtiles protocol the client registers.
 */
export function pmtilesStyle(): object {
  const source = 'protomaps';
  const layer = (id: string, type: string, sourceLayer: string, paint: object, filter?: unknown[]) => ({
    id,
    type,
    source,
    'source-layer': sourceLayer,
    paint,
    ...(filter ? { filter } : {}),
  });
  return {
    version: 8,
    name: 'StayHub streets',
    sources: {
      [source]: {
        type: 'vector',
        url: 'pmtiles:///map/tiles.pmtiles',
        attribution: '© OpenStreetMap contributors, Protomaps',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': MAP_COLORS.land } },
      layer('earth', 'fill', 'earth', { 'fill-color': MAP_COLORS.land }),
      layer('parks', 'fill', 'landuse', { 'fill-color': MAP_COLORS.park }, [
        'in',
        ['get', 'kind'],
        ['literal', ['park', 'forest', 'wood', 'nature_reserve', 'grass', 'garden']],
      ]),
      layer('water', 'fill', 'water', { 'fill-color': MAP_COLORS.water }),
      layer('buildings', 'fill', 'buildings', { 'fill-color': MAP_COLORS.building }),
      layer('road-casing', 'line', 'roads', { 'line-color': MAP_COLORS.roadCasing, 'line-width': 3 }),
      layer('roads', 'line', 'roads', { 'line-color': MAP_COLORS.road, 'line-width': 1.5 }),
      layer('boundaries', 'line', 'boundaries', {
        'line-color': MAP_COLORS.border,
        'line-width': 1,
        'line-dasharray': [3, 2],
      }),
    ],
  };
}

interface StyleLayer {
  source?: string;
  maxzoom?: number;
}

/**
 * The style as a map that never zooms out past `minzoom` needs it: without the layers that end at or
 * below that zoom, and without the sources only they read. MapLibre fetches a GeoJSON source when
 * the style is added, whatever the zoom: a home's area map (zoom 12-13) otherwise downloaded the
 * whole 1:50m world (1.1 MB) that only shows below zoom 5.
 */
export function styleFromZoom(style: object, minzoom: number): object {
  const { layers = [], sources = {} } = style as { layers?: StyleLayer[]; sources?: Record<string, unknown> };
  const kept = layers.filter((layer) => layer.maxzoom === undefined || layer.maxzoom > minzoom);
  const read = new Set(kept.map((layer) => layer.source));
  return {
    ...style,
    sources: Object.fromEntries(Object.entries(sources).filter(([id]) => read.has(id))),
    layers: kept,
  };
}
