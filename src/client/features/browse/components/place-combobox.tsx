import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { plural } from '#shared/plural';
import { fetchPlaces, searchKeys } from '../lib/search-api';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
const SUGGEST_DELAY_MS = 200;

export interface PlaceComboboxProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  invalid?: boolean;
  describedBy?: string;
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The location field as a WAI-ARIA 1.2 combobox with a listbox popup: places that have homes,
 * best match first. Down/Up move through the suggestions (focus stays in the field,
 * aria-activedescendant names the active one), Enter takes the active one, Escape closes the list;
 * with none active, Enter submits the form with the typed text. A polite live region says how many
 * places were found.
 */
export function PlaceCombobox({ id, value, onChange, className, invalid, describedBy }: PlaceComboboxProps) {
  const listId = `${id}-places`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(value.trim(), SUGGEST_DELAY_MS);
  const query = useQuery({
    queryKey: searchKeys.places(term),
    queryFn: ({ signal }) => fetchPlaces(term, signal),
    enabled: open && term.length > 0,
    staleTime: 60_000,
  });
  // Suggestions for what is typed now only: stale ones for an older text are not offered.
  const places = query.data && term === value.trim() ? query.data.places : [];
  const settled = open && term.length > 0 && term === value.trim() && query.isSuccess;
  const expanded = open && places.length > 0;
  const activeId = expanded && active >= 0 ? `${listId}-${active}` : undefined;

  function choose(index: number) {
    const place = places[index];
    if (!place) return;
    onChange(place.location);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        if (places.length) setActive((i) => (i + 1) % places.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        if (places.length) setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
        break;
      case 'Enter':
        // Only a highlighted suggestion is taken; otherwise Enter submits the form with the typed text.
        if (expanded && active >= 0) {
          event.preventDefault();
          choose(active);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  }

  return (
    <div className="relative">
      <input
        id={id}
        name="location"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        required
        autoComplete="off"
        placeholder="Where are you going?"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={className}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Places"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-auto rounded-md border border-gray-300 bg-white py-1 shadow-lg"
      >
        {places.map((place, index) => (
          <li
            key={place.location}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Taken on mousedown, kept from blurring the field: a click would land after the blur closed the list.
            // Keyboard users pick from the field itself (aria-activedescendant), so the option needs no key handler.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(index);
            }}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-gray-900 ${
              index === active ? 'bg-rose-100 outline outline-2 -outline-offset-2 outline-rose-700' : 'hover:bg-gray-50'
            }`}
          >
            <span>{place.location}</span>
            <span className="shrink-0 text-sm text-gray-700">{plural(place.homes, 'home')}</span>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className="sr-only">
        {settled ? (places.length ? plural(places.length, 'place') : 'No places match') : ''}
      </p>
    </div>
  );
}
