import type { Home } from '#shared/schemas/homes';
import type { GeoPoint } from '#shared/schemas/geo';
import { formatAmount } from '#shared/money';

/** What the area map is called (its canvas, and its frame until it loads): the approximate area, or the exact address. */
export function areaMapLabel(exact: boolean): string {
  return exact ? "Map of the home's address" : 'Map of the area the home is in';
}

/** A home's marker text: the stay's total when the search has dates, else the nightly price. */
export function markerPrice(home: Home): string {
  return formatAmount(home.stay ? home.stay.total : home.price);
}

/** What a marker announces: the title and the price, and what the price is. */
export function markerLabel(home: Home): string {
  return home.stay
    ? `${home.title}, ${markerPrice(home)} in all for your dates`
    : `${home.title}, ${markerPrice(home)} a night`;
}

/** The homes that have a point, as GeoJSON for a clustered source; `index` keeps the list's order. */
export function homesGeoJson(homes: Home[]) {
  return {
    type: 'FeatureCollection' as const,
    features: homes.flatMap((home, index) =>
      home.point
        ? [
            {
              type: 'Feature' as const,
              id: index,
              properties: { id: home._id, index },
              geometry: { type: 'Point' as const, coordinates: [home.point.lng, home.point.lat] },
            },
          ]
        : [],
    ),
  };
}

/** The box around the points, or null without any (the map then shows the world). */
export function boundsAround(points: GeoPoint[]): [[number, number], [number, number]] | null {
  if (!points.length) return null;
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/** A circle of `meters` around a point, as a GeoJSON polygon (the details page's approximate area). */
export function circlePolygon(center: GeoPoint, meters: number, steps = 64) {
  const earth = 6_371_008.8;
  const lat = (center.lat * Math.PI) / 180;
  const ring = Array.from({ length: steps + 1 }, (_, i) => {
    const angle = (2 * Math.PI * (i % steps)) / steps;
    const dLat = ((meters * Math.cos(angle)) / earth) * (180 / Math.PI);
    const dLng = ((meters * Math.sin(angle)) / (earth * Math.cos(lat))) * (180 / Math.PI);
    return [center.lng + dLng, center.lat + dLat];
  });
  return { type: 'Feature' as const, properties: {}, geometry: { type: 'Polygon' as const, coordinates: [ring] } };
}
