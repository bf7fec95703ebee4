/**
 * Where the home is (issue 29): the host's pin on a small map, first centred on the typed location
 * (GET /api/geocode, the offline gazetteer). Not placed: the server uses the place's own point.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GeoPoint, GeocodeResult } from '#shared/schemas/geo';
import { apiRequestTrusted } from '#client/lib/api';
import { PinMap } from './maps';

/** Wait this long after the last keystroke in the location before asking where it is. */
const TYPING_PAUSE_MS = 500;

const degrees = (p: GeoPoint) => `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;

export function HomePinField({
  location,
  value,
  onChange,
}: {
  location: string;
  value: GeoPoint | undefined;
  onChange: (point: GeoPoint) => void;
}) {
  const [q, setQ] = useState(location.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(location.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [location]);
  const place = useQuery({
    queryKey: ['geocode', q],
    queryFn: async ({ signal }) =>
      (await apiRequestTrusted<GeocodeResult>(`/api/geocode?${new URLSearchParams({ q }).toString()}`, { signal }))
        .data,
    enabled: q.length >= 2,
    retry: false,
    staleTime: Infinity,
  });
  const center = place.data?.point ?? null;

  let position: string;
  if (value) position = `Pin at ${degrees(value)} (latitude, longitude).`;
  else if (place.data) position = `Not placed yet: the centre of ${place.data.name}, ${place.data.country} is used.`;
  else if (place.isError) position = `No place found for “${q}”: place the pin on the map.`;
  else position = 'Not placed yet: type the location, then place the pin.';

  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-gray-900">Where is your home?</legend>
      <p id="home-pin-hint" className="text-sm text-gray-700">
        Click the map or drag the pin onto your home, or focus the pin and use the arrow keys. Guests see an area of
        about 500 m around it until their booking is confirmed.
      </p>
      <PinMap className="h-72" value={value ?? null} center={center} onChange={onChange} />
      <p id="home-pin-position" aria-live="polite" className="text-sm font-medium text-gray-900">
        {position}
      </p>
    </fieldset>
  );
}
