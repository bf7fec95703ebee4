/**
 * A booked home's exact place (issue 29): GET /api/home/:id carries `exactPoint` for a guest whose
 * booking is confirmed (and for its host and admins); without it nothing is shown.
 */
import { useQuery } from '@tanstack/react-query';
import { fetchHome, homeKeys } from '#client/lib/api';
import { AreaMap } from './maps';

export function HomeAddressMap({ homeId, location }: { homeId: string; location: string }) {
  const home = useQuery({
    queryKey: homeKeys.detail(homeId),
    queryFn: ({ signal }) => fetchHome(homeId, signal),
    retry: false,
  });
  const point = home.data?.exactPoint;
  if (!point) return null;
  return (
    <section aria-labelledby="home-address-heading" className="no-print mt-6 border-t border-gray-200 pt-4">
      <h2 id="home-address-heading" className="text-lg font-semibold text-gray-900">
        Where the home is
      </h2>
      <p className="text-gray-700">
        {location}: the pin is the host's exact place ({point.lat.toFixed(5)}, {point.lng.toFixed(5)}).
      </p>
      <AreaMap className="mt-3 h-72" point={point} exact />
    </section>
  );
}
