/**
 * The host's pin (issue 29): placed by a click on the map, dragged, or moved with the arrow keys
 * (the pin is a button; Shift moves it further). It starts at the typed place's centre.
 */
import { Marker, type MapRef } from '@vis.gl/react-maplibre';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { GeoPoint } from '#shared/schemas/geo';
import { wrapLng } from '../lib/bbox';
import { BaseMap, reducedMotion } from './base-map';

export interface PinMapViewProps {
  /** The pin the host placed; null: not placed yet. */
  value: GeoPoint | null;
  /** Where the map and the unplaced pin start: the typed place's centre, or null (the world). */
  center: GeoPoint | null;
  onChange: (point: GeoPoint) => void;
}

const STEP_PX = 8;
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

const clampLat = (lat: number) => Math.max(-85, Math.min(85, lat));
const rounded = (p: { lat: number; lng: number }): GeoPoint => ({
  lat: Number(clampLat(p.lat).toFixed(6)),
  lng: Number(wrapLng(p.lng).toFixed(6)),
});

export default function PinMapView({ value, center, onChange }: PinMapViewProps) {
  const mapRef = useRef<MapRef>(null);
  const pin = value ?? center;

  // A new place typed before any pin was placed: show it.
  useEffect(() => {
    if (!center || value) return;
    const camera = { center: [center.lng, center.lat] as [number, number], zoom: 12 };
    if (reducedMotion()) mapRef.current?.jumpTo(camera);
    else mapRef.current?.flyTo(camera);
    // Only when the place changes; a placed pin keeps the view where the host left it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [center?.lat, center?.lng]);

  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const arrow = ARROWS[event.key];
    const map = mapRef.current;
    if (!arrow || !map || !pin) return;
    event.preventDefault();
    event.stopPropagation();
    const step = event.shiftKey ? STEP_PX * 5 : STEP_PX;
    const at = map.project([pin.lng, pin.lat]);
    const next = map.unproject([at.x + arrow[0] * step, at.y + arrow[1] * step]);
    onChange(rounded(next));
  };

  return (
    <BaseMap
      ref={mapRef}
      label="Map to place your home's pin"
      initialViewState={
        pin ? { longitude: pin.lng, latitude: pin.lat, zoom: 12 } : { longitude: 0, latitude: 20, zoom: 1 }
      }
      onClick={(e) => onChange(rounded(e.lngLat))}
      cursor="crosshair"
    >
      {pin && (
        <Marker
          longitude={pin.lng}
          latitude={pin.lat}
          anchor="bottom"
          draggable
          onDragEnd={(e) => onChange(rounded(e.lngLat))}
        >
          <button
            type="button"
            onKeyDown={onKey}
            aria-label="Your home's pin: arrow keys move it, with Shift further"
            aria-describedby="home-pin-position"
            className="block cursor-grab rounded-full focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-500"
          >
            <svg width="30" height="40" viewBox="0 0 30 40" aria-hidden="true">
              <path
                d="M15 0C6.7 0 0 6.7 0 15c0 11 15 25 15 25s15-14 15-25C30 6.7 23.3 0 15 0z"
                fill={value ? '#be123c' : '#6b7280'}
              />
              <circle cx="15" cy="15" r="6" fill="white" />
            </svg>
          </button>
        </Marker>
      )}
    </BaseMap>
  );
}
