/**
 * The results map beside the list (issue 29): its text alternative, "Search as I move the map", and
 * the map itself, drawn only while shown (always from 1024 px; on phones after "Map" is pressed).
 * The list stays the complete result; the map shows the homes the list has loaded.
 */
import { useState } from 'react';
import type { Home } from '#shared/schemas/homes';
import { plural } from '#shared/plural';
import type { Bbox } from '../lib/bbox';
import { SearchMap } from './maps';

export interface SearchMapPanelProps {
  id: string;
  shown: boolean;
  homes: Home[];
  /** The list has more pages than the map shows yet. */
  more: boolean;
  bbox: Bbox | null;
  /** The search the map fits its results to (see SearchMapViewProps.fitKey). */
  fitKey: string | null;
  /** Search as the map moves: the default (on from 1024 px) until the person ticks or unticks it. */
  searchAsMoveDefault: boolean;
  activeId: string | null;
  onActive: (id: string | null) => void;
  onOpen: (home: Home) => void;
  /** Search this view: the URL's `bbox` set to it. */
  onSearchArea: (view: Bbox) => void;
  className?: string;
}

export function SearchMapPanel({
  id,
  shown,
  homes,
  more,
  bbox,
  fitKey,
  searchAsMoveDefault,
  activeId,
  onActive,
  onOpen,
  onSearchArea,
  className = '',
}: SearchMapPanelProps) {
  const [searchAsMove, setSearchAsMove] = useState<boolean | null>(null);
  const [pending, setPending] = useState<Bbox | null>(null);
  const live = searchAsMove ?? searchAsMoveDefault;
  const mapped = homes.filter((h) => h.point).length;
  const count = more ? `${mapped}+ homes` : plural(mapped, 'home');

  return (
    <section id={id} aria-label="Map" className={`flex flex-col gap-3 lg:sticky lg:top-4 lg:self-start ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="font-semibold text-gray-900">
          {count} in this area
        </p>
        <label className="flex items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            checked={live}
            onChange={(e) => {
              setSearchAsMove(e.target.checked);
              if (e.target.checked && pending) {
                onSearchArea(pending);
                setPending(null);
              }
            }}
            className="h-4 w-4 accent-rose-700"
          />
          Search as I move the map
        </label>
      </div>
      {!live && pending && (
        <button
          type="button"
          onClick={() => {
            onSearchArea(pending);
            setPending(null);
          }}
          className="self-start rounded-md bg-gray-900 px-4 py-2 text-sm font-semibold text-white hover:bg-gray-700"
        >
          Search this area
        </button>
      )}
      {shown && (
        <SearchMap
          className="h-[60vh] lg:h-[calc(100vh-10rem)]"
          homes={homes}
          bbox={bbox}
          fitKey={fitKey}
          activeId={activeId}
          onActive={onActive}
          onOpen={onOpen}
          onMoved={(view) => {
            if (live) onSearchArea(view);
            else setPending(view);
          }}
        />
      )}
    </section>
  );
}
