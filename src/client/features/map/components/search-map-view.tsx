/**
 * The search results on a map (issue 29): a price marker per home, clustered where they crowd
 * (the GeoJSON source clusters; the markers are HTML buttons drawn from what it shows, so each is
 * in the tab order and announces its home). Lazy: see base-map.tsx.
 */
import { Layer, Marker, Source, type MapRef } from '@vis.gl/react-maplibre';
import type { GeoJSONFeature, GeoJSONSource } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Home } from '#shared/schemas/homes';
import { plural } from '#shared/plural';
import { boundsOf, type Bbox } from '../lib/bbox';
import { boundsAround, homesGeoJson, markerLabel, markerPrice } from '../lib/map-homes';
import { BaseMap, reducedMotion } from './base-map';

export interface SearchMapViewProps {
  homes: Home[];
  /** The view the URL asked for (a shared or reloaded map search); null: the world until the homes are fitted. */
  bbox: Bbox | null;
  /**
   * The search whose results the map fits (with padding), once per search: a new place or filter. Null while
   * the results load and when the URL has a view (the person's own move, a shared link): that view is kept.
   */
  fitKey: string | null;
  activeId: string | null;
  onActive: (id: string | null) => void;
  onOpen: (home: Home) => void;
  /** The person moved the map (drag, wheel, keys, a cluster): its new view. */
  onMoved: (view: Bbox) => void;
}

type Shown =
  | { kind: 'home'; home: Home; lng: number; lat: number }
  | {
      kind: 'cluster';
      id: number;
      count: number;
      lng: number;
      lat: number;
    };

const SOURCE = 'homes';
/** Closer than this (px) and markers merge into a cluster: a price pill is about 60 px wide. */
const CLUSTER_RADIUS = 48;
const MAX_CLUSTER_ZOOM = 16;

/** The clusters and single homes the source shows now, once each (a feature repeats across tiles). */
function shownMarkers(features: GeoJSONFeature[], homes: Home[]): Shown[] {
  const seen = new Set<string>();
  const shown: Shown[] = [];
  for (const feature of features) {
    if (feature.geometry.type !== 'Point') continue;
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    const props = feature.properties as {
      cluster?: boolean;
      cluster_id?: number;
      point_count?: number;
      index?: number;
    };
    if (props.cluster && props.cluster_id !== undefined) {
      const key = `c${props.cluster_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      shown.push({ kind: 'cluster', id: props.cluster_id, count: props.point_count ?? 0, lng, lat });
    } else if (props.index !== undefined && homes[props.index]) {
      const home = homes[props.index]!;
      if (seen.has(home._id)) continue;
      seen.add(home._id);
      shown.push({ kind: 'home', home, lng, lat });
    }
  }
  // The list's order is the tab order (clusters after the homes shown alone).
  const rank = new Map(homes.map((h, i) => [h._id, i]));
  return shown.sort(
    (a, b) =>
      (a.kind === 'home' ? (rank.get(a.home._id) ?? 0) : homes.length + a.id) -
      (b.kind === 'home' ? (rank.get(b.home._id) ?? 0) : homes.length + b.id),
  );
}

/** Fitting the results zooms no closer than a town: the points are approximate (ADR 0056). */
const FIT_MAX_ZOOM = 13;
/** Set on the camera events of a fit, which is the page's move, not the person's: it must not search. */
const FIT_FLAG = 'stayhubFit';
const FIT_EVENT = { [FIT_FLAG]: true };

/** Room around the points for the price pills (drawn above their point), never more than the map has. */
function fitPadding(map: MapRef) {
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const side = Math.min(48, width / 5);
  return { top: Math.min(64, height / 4), bottom: Math.min(32, height / 5), left: side, right: side };
}

function viewOf(map: MapRef): Bbox {
  const bounds = map.getBounds();
  return { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() };
}

export default function SearchMapView({
  homes,
  bbox,
  fitKey,
  activeId,
  onActive,
  onOpen,
  onMoved,
}: SearchMapViewProps) {
  const mapRef = useRef<MapRef>(null);
  const [shown, setShown] = useState<Shown[]>([]);
  const data = useMemo(() => homesGeoJson(homes), [homes]);
  // The search last fitted: a page of more results, or the map's own search, does not fit again.
  const fitted = useRef<string | null>(null);
  // The map is drawn: a fit asked for before then runs now.
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(() => {
    const map = mapRef.current;
    if (!map?.getSource(SOURCE) || !map.isSourceLoaded(SOURCE)) return;
    setShown(shownMarkers(map.querySourceFeatures(SOURCE), homes));
  }, [homes]);

  // A new search by place or filters: fit its results' points. The camera event says it is the page's own move.
  useEffect(() => {
    const map = mapRef.current;
    if (fitKey === null) fitted.current = null;
    if (!map || !loaded || fitKey === null || fitted.current === fitKey) return;
    const around = boundsAround(homes.flatMap((h) => (h.point ? [h.point] : [])));
    if (!around) return;
    fitted.current = fitKey;
    map.fitBounds(around, { padding: fitPadding(map), maxZoom: FIT_MAX_ZOOM, animate: !reducedMotion() }, FIT_EVENT);
  }, [fitKey, homes, loaded]);

  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    const onData = (e: { sourceId?: string; isSourceLoaded?: boolean }) => {
      if (e.sourceId === SOURCE && e.isSourceLoaded) refresh();
    };
    map.on('sourcedata', onData);
    refresh();
    return () => {
      map.off('sourcedata', onData);
    };
  }, [refresh]);

  const openCluster = async (cluster: Extract<Shown, { kind: 'cluster' }>) => {
    const map = mapRef.current;
    const source = map?.getSource<GeoJSONSource>(SOURCE);
    if (!map || !source) return;
    const zoom = await source.getClusterExpansionZoom(cluster.id);
    const camera = { center: [cluster.lng, cluster.lat] as [number, number], zoom };
    if (reducedMotion()) map.jumpTo(camera);
    else map.easeTo(camera);
  };

  return (
    <BaseMap
      ref={mapRef}
      label="Map of the search results"
      initialViewState={bbox ? { bounds: boundsOf(bbox) } : { longitude: 0, latitude: 20, zoom: 1 }}
      onLoad={() => {
        refresh();
        setLoaded(true);
      }}
      onMoveEnd={(event) => {
        refresh();
        if ((event as { [FIT_FLAG]?: boolean })[FIT_FLAG]) return;
        if (mapRef.current) onMoved(viewOf(mapRef.current));
      }}
    >
      <Source
        id={SOURCE}
        type="geojson"
        data={data}
        cluster
        clusterRadius={CLUSTER_RADIUS}
        clusterMaxZoom={MAX_CLUSTER_ZOOM}
      >
        {/* Invisible: the source's features are only computed for a layer that uses it. */}
        <Layer id="homes-points" type="circle" paint={{ 'circle-radius': 0, 'circle-opacity': 0 }} />
      </Source>
      {shown.map((item) =>
        item.kind === 'home' ? (
          <Marker
            key={item.home._id}
            longitude={item.lng}
            latitude={item.lat}
            anchor="bottom"
            style={{ zIndex: item.home._id === activeId ? 2 : 1 }}
          >
            <button
              type="button"
              aria-label={markerLabel(item.home)}
              data-home-id={item.home._id}
              aria-current={item.home._id === activeId ? 'true' : undefined}
              onMouseEnter={() => onActive(item.home._id)}
              onMouseLeave={() => onActive(null)}
              onFocus={() => onActive(item.home._id)}
              onBlur={() => onActive(null)}
              onClick={() => onOpen(item.home)}
              className={`rounded-full border px-2.5 py-1 text-sm font-bold shadow-md transition-colors focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-500 ${
                item.home._id === activeId
                  ? 'scale-110 border-gray-900 bg-gray-900 text-white'
                  : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-100'
              }`}
            >
              {markerPrice(item.home)}
            </button>
          </Marker>
        ) : (
          <Marker key={`cluster-${item.id}`} longitude={item.lng} latitude={item.lat}>
            <button
              type="button"
              aria-label={`${plural(item.count, 'home')} here: zoom in`}
              onClick={() => void openCluster(item)}
              className="flex h-10 min-w-10 items-center justify-center rounded-full border-2 border-white bg-rose-700 px-2 text-sm font-bold text-white shadow-md hover:bg-rose-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-500"
            >
              {item.count}
            </button>
          </Marker>
        ),
      )}
    </BaseMap>
  );
}
