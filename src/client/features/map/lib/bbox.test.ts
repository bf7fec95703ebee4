import { describe, expect, it } from 'vitest';
import { bboxFromUrl, boundsOf, formatBbox, withBbox, wrapLng } from './bbox';

describe('the map box in the URL', () => {
  it('reads west,south,east,north as the API does, and a URL with anything else as no box', () => {
    expect(bboxFromUrl('-9.2,38.69,-9.1,38.75')).toEqual({ west: -9.2, south: 38.69, east: -9.1, north: 38.75 });
    // Across the antimeridian: west > east is a box.
    expect(bboxFromUrl('170,-20,-170,10')).toEqual({ west: 170, south: -20, east: -170, north: 10 });
    for (const bad of [
      null,
      '',
      '1,2,3',
      '1,2,3,4,5',
      'a,1,2,3',
      '0,10,1,5',
      undefined,
      '-181,0,1,1',
      '0,-91,1,1',
      '0,,1,1',
    ]) {
      expect(bboxFromUrl(bad)).toBeNull();
    }
  });

  it('writes few decimals for a large view and more for a street', () => {
    expect(formatBbox({ west: -9.2345678, south: 38.6912345, east: -9.1234567, north: 38.7512345 })).toBe(
      '-9.235,38.691,-9.123,38.751',
    );
    expect(formatBbox({ west: -9.14123, south: 38.71234, east: -9.13456, north: 38.71789 })).toBe(
      '-9.1412,38.7123,-9.1346,38.7179',
    );
    expect(formatBbox({ west: -12.345, south: 35.9, east: 5.67, north: 44.1 })).toBe('-12.3,35.9,5.7,44.1');
    expect(formatBbox({ west: -30.4, south: -60.2, east: 60.7, north: 70.9 })).toBe('-30,-60,61,71');
  });

  it('wraps a view panned round the world, so one across the antimeridian has west > east', () => {
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-200)).toBe(160);
    expect(wrapLng(180)).toBe(180);
    expect(formatBbox({ west: 170, south: -20, east: 190, north: 10 })).toBe('170,-20,-170,10');
    expect(formatBbox({ west: -400, south: -100, east: 400, north: 100 })).toBe('-180,-90,180,90');
  });

  it('round-trips: a reloaded URL fits the map to the same box', () => {
    const text = formatBbox({ west: 170, south: -20, east: 190, north: 10 });
    expect(boundsOf(bboxFromUrl(text)!)).toEqual([
      [170, -20],
      [190, 10],
    ]);
  });

  it('sets and removes the box, keeping the other parameters', () => {
    const params = new URLSearchParams('location=Lisbon&guests=2');
    const set = withBbox(params, { west: 1, south: 2, east: 3, north: 4 });
    expect(set.toString()).toBe('location=Lisbon&guests=2&bbox=1%2C2%2C3%2C4');
    expect(withBbox(set, null).toString()).toBe('location=Lisbon&guests=2');
    expect(params.has('bbox')).toBe(false);
  });
});
