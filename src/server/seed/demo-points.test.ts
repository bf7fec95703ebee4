/** The demo homes' points (issue 29): their cities' real coordinates, spread over a few km. */
import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../features/geo/approximate-point';
import { lookupPlace } from '../features/geo/gazetteer';
import { DEMO_CITY_POINTS, DEMO_HOMES, demoHomePoint } from './demo-data';

describe('demo home points', () => {
  it('centre each demo city where the gazetteer has it', () => {
    for (const [location, point] of Object.entries(DEMO_CITY_POINTS)) {
      expect(lookupPlace(location)?.point, location).toEqual(point);
    }
  });

  it('spread each city’s homes 0.5 to 4 km from its centre, no two homes on one spot', () => {
    const points = DEMO_HOMES.map((home, i) => demoHomePoint(home.location, i));
    DEMO_HOMES.forEach((home, i) => {
      const metres = distanceMetres(DEMO_CITY_POINTS[home.location]!, points[i]!);
      expect(metres).toBeGreaterThanOrEqual(499);
      expect(metres).toBeLessThanOrEqual(4_001);
    });
    expect(new Set(points.map((p) => `${p.lat.toFixed(4)},${p.lng.toFixed(4)}`)).size).toBe(DEMO_HOMES.length);
  });
});
