/**
 * MapLibre with StayHub's settings, for every map (search, details area, host pin). Only the lazy
 * map modules import this file: MapLibre (~250 KB gzipped) loads when a map is shown, never with a
 * page's first JavaScript (ADR 0057).
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { addProtocol, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Map as MapLibreMap, type MapProps, type MapRef } from '@vis.gl/react-maplibre';
import { Protocol } from 'pmtiles';
import { forwardRef } from 'react';
import { REDUCED_MOTION_QUERY } from '../lib/media';

// The worker is its own hashed file under /assets (same origin: CSP worker-src 'self'); MapLibre's own
// guess is relative to its module, which bundling moved.
setWorkerUrl(workerUrl);
// MAP_PMTILES: the style's `pmtiles:///map/tiles.pmtiles` source is read with range requests.
addProtocol('pmtiles', new Protocol().tile);

/** StayHub's style: the offline world, a MAP_PMTILES style, or a redirect to MAP_STYLE_URL (the server decides). */
const MAP_STYLE = '/map/style.json';

/** Whether camera moves should jump instead of flying (prefers-reduced-motion). */
export function reducedMotion(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(REDUCED_MOTION_QUERY).matches);
}

export interface BaseMapProps extends Omit<MapProps, 'mapStyle' | 'locale'> {
  /** The map's accessible name (the canvas is the focusable region the arrow keys pan). */
  label: string;
}

export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap({ label, children, ...props }, ref) {
  return (
    <MapLibreMap
      ref={ref}
      // A map that never zooms out past its minZoom asks for the style without what only shows below it.
      mapStyle={props.minZoom ? `${MAP_STYLE}?minzoom=${Math.floor(props.minZoom)}` : MAP_STYLE}
      // The canvas is focusable (tabindex 0, role region): this names it, and says how to move it.
      locale={{ 'Map.Title': `${label}. Arrow keys move the map, plus and minus zoom.` }}
      // A flat map: rotating and tilting only confuse a search by area.
      dragRotate={false}
      pitchWithRotate={false}
      touchPitch={false}
      maxPitch={0}
      renderWorldCopies
      attributionControl={{ compact: true }}
      {...props}
    >
      {children}
    </MapLibreMap>
  );
});
