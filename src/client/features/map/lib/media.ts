import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

/**
 * Whether a media query matches, following changes. False on the server and while hydrating (so a
 * server-rendered page hydrates as rendered), then the browser's answer.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', change);
      return () => list?.removeEventListener('change', change);
    },
    () => Boolean(window.matchMedia?.(query).matches),
    () => false,
  );
}

/** Side by side with the list from here (issue 29); below it the map is behind a "Map" toggle. */
export const WIDE_QUERY = '(min-width: 1024px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

let webgl: boolean | undefined;

/** Whether this browser can draw WebGL (MapLibre needs it); asked once. */
function hasWebGL(): boolean {
  if (webgl === undefined) {
    try {
      const canvas = document.createElement('canvas');
      webgl = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

const never = () => () => {};

/** Whether the map can be drawn: null on the server and while hydrating, then hasWebGL(). */
export function useWebGL(): boolean | null {
  return useSyncExternalStore<boolean | null>(never, hasWebGL, () => null);
}

/**
 * Whether the element has come within `margin` of the viewport, or `reach` was called (it then stays
 * true), so a map far down a page loads only when the visitor scrolls or tabs towards it: MapLibre
 * and the basemap are about 1.3 MB and seconds of a phone's main thread. True at once where
 * IntersectionObserver is missing.
 */
export function useNearViewport<T extends Element>(
  margin = '600px',
): [ref: RefObject<T | null>, near: boolean, reach: () => void] {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    watch.observe(element);
    return () => watch.disconnect();
  }, [near, margin]);
  const reach = useCallback(() => setNear(true), []);
  return [ref, near || typeof IntersectionObserver === 'undefined', reach];
}
