/**
 * The maps as pages use them: each loads its MapLibre module only when rendered (React.lazy), after
 * checking the browser can draw it; the area map further down a page only once the visitor scrolls
 * or tabs near it. Nothing here imports MapLibre, so a page that imports this file keeps its
 * first-load JavaScript (ADR 0057).
 */
import { lazy, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { areaMapLabel } from '../lib/map-homes';
import { useNearViewport, useWebGL } from '../lib/media';

const SearchMapView = lazy(() => import('./search-map-view'));
const AreaMapView = lazy(() => import('./area-map-view'));
const PinMapView = lazy(() => import('./pin-map-view'));

const NO_WEBGL_NOTE = 'The map needs WebGL, which this browser has turned off. The list shows every home.';

interface MapFrameProps {
  children: ReactNode;
  noWebGL: string;
  className: string;
  /**
   * A map further down a page: loaded only once the visitor scrolls near it, or tabs to it. Until it
   * is drawn the frame is a labelled stop in the tab order (this label), so a keyboard user meets the
   * map where it stands; focusing it loads the map, and focus moves into the map once drawn.
   */
  whenNear?: string;
  /** Whether the map has been drawn (its `onLoad`). */
  drawn?: boolean;
}

function MapFrame({ children, noWebGL, className, whenNear, drawn = false }: MapFrameProps) {
  const webgl = useWebGL();
  const [frame, near, reach] = useNearViewport<HTMLDivElement>();
  const tabStop = whenNear !== undefined && !drawn;
  useEffect(() => {
    const element = frame.current;
    if (drawn && element && document.activeElement === element) element.querySelector<HTMLElement>('canvas')?.focus();
  }, [drawn, frame]);
  if (webgl === false) {
    return (
      <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
        {noWebGL}
      </p>
    );
  }
  return (
    <div
      ref={frame}
      {...(whenNear === undefined ? {} : { tabIndex: tabStop ? 0 : -1 })}
      {...(tabStop ? { role: 'region', 'aria-label': whenNear, onFocus: reach } : {})}
      className={`relative overflow-hidden rounded-xl border border-gray-200 bg-sky-50 ${className}`}
    >
      {webgl && (near || whenNear === undefined) && (
        <Suspense fallback={<p className="p-4 text-gray-700">Loading the map…</p>}>{children}</Suspense>
      )}
    </div>
  );
}

export function SearchMap({ className = '', ...props }: ComponentProps<typeof SearchMapView> & { className?: string }) {
  return (
    <MapFrame noWebGL={NO_WEBGL_NOTE} className={className}>
      <SearchMapView {...props} />
    </MapFrame>
  );
}

export function AreaMap({ className = '', ...props }: ComponentProps<typeof AreaMapView> & { className?: string }) {
  const [drawn, setDrawn] = useState(false);
  return (
    <MapFrame
      noWebGL="The map needs WebGL, which this browser has turned off."
      className={className}
      whenNear={areaMapLabel(Boolean(props.exact))}
      drawn={drawn}
    >
      <AreaMapView {...props} onLoad={() => setDrawn(true)} />
    </MapFrame>
  );
}

export function PinMap({ className = '', ...props }: ComponentProps<typeof PinMapView> & { className?: string }) {
  return (
    <MapFrame
      noWebGL="The map needs WebGL, which this browser has turned off. Your home is placed at the location you typed."
      className={className}
    >
      <PinMapView {...props} />
    </MapFrame>
  );
}
