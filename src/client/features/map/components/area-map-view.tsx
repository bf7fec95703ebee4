/**
 * One home's place (issue 29): the approximate area as a circle (public pages: the point is moved up
 * to 500 m, so the home is inside it), or the exact pin for a guest whose booking is confirmed.
 */
import { Layer, Marker, Source } from '@vis.gl/react-maplibre';
import { useMemo } from 'react';
import type { GeoPoint } from '#shared/schemas/geo';
import { areaMapLabel, circlePolygon } from '../lib/map-homes';
import { BaseMap } from './base-map';

/** The approximate point is at most 500 m from the home (the geo contract's offset). */
const AREA_RADIUS_M = 500;
/**
 * The area shows at a town's zoom and can be zoomed in one step, no further: the point is only
 * approximate, and the offline basemap's coast (Natural Earth 1:10m) is no street map.
 */
const AREA_ZOOM = 12;
const AREA_MAX_ZOOM = 13;
/** Out to a region, no further: the map is about the neighbourhood, and its style then leaves out the world's outline. */
const AREA_MIN_ZOOM = 8;

export default function AreaMapView({
  point,
  exact = false,
  onLoad,
}: {
  point: GeoPoint;
  exact?: boolean;
  /** Once the map is drawn. */
  onLoad?: () => void;
}) {
  const area = useMemo(() => circlePolygon(point, AREA_RADIUS_M), [point]);
  return (
    <BaseMap
      label={areaMapLabel(exact)}
      initialViewState={{ longitude: point.lng, latitude: point.lat, zoom: exact ? 14 : AREA_ZOOM }}
      minZoom={AREA_MIN_ZOOM}
      {...(exact ? {} : { maxZoom: AREA_MAX_ZOOM })}
      scrollZoom={false}
      onLoad={onLoad}
    >
      {exact ? (
        <Marker longitude={point.lng} latitude={point.lat} anchor="bottom" color="#be123c" />
      ) : (
        <Source id="area" type="geojson" data={area}>
          <Layer id="area-fill" type="fill" paint={{ 'fill-color': '#be123c', 'fill-opacity': 0.18 }} />
          <Layer id="area-edge" type="line" paint={{ 'line-color': '#be123c', 'line-width': 2 }} />
        </Source>
      )}
    </BaseMap>
  );
}
