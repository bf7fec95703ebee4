/** /dashboard/wishlist: the saved homes with their current price and whether they are free for the dates last searched. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDay } from '#shared/dates';
import { cardImage } from '#shared/images';
import { formatAmount } from '#shared/money';
import type { WishlistItem } from '#shared/schemas/wishlist';
import { Screen } from '#client/components/layout/screen';
import { QueryView } from '#client/components/ui/query-view';
import { useSession } from '#client/lib/session';
import { HeartButton } from '../components/heart-button';
import { lastSearchDates, type SearchDates } from '../lib/last-search';
import { fetchWishlist, wishlistKeys } from '../lib/wishlist-api';
import { buttonClass } from '#client/components/ui/button';

function Availability({ item, dates }: { item: WishlistItem; dates: SearchDates | null }) {
  if (!dates || item.available === null) return null;
  return item.available ? (
    <p className="text-sm font-semibold text-green-800">
      Free for {formatDay(dates.checkIn)} – {formatDay(dates.checkOut)}
    </p>
  ) : (
    <p className="text-sm font-semibold text-gray-800">
      Not available for {formatDay(dates.checkIn)} – {formatDay(dates.checkOut)}
    </p>
  );
}

function SavedHome({ item, dates }: { item: WishlistItem; dates: SearchDates | null }) {
  const { home } = item;
  return (
    <li className="relative flex gap-4 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
      <img
        src={cardImage(home.image)}
        alt=""
        width={128}
        height={96}
        className="h-24 w-32 shrink-0 rounded-lg bg-gray-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-rose-800">{home.location}</p>
        <h2 className="font-semibold text-gray-900">
          <Link to={`/details/${encodeURIComponent(home._id)}`} className="underline-offset-2 hover:underline">
            {home.title}
          </Link>
        </h2>
        <p className="text-gray-900">
          <span className="font-bold">{formatAmount(home.price)}</span> <span className="text-gray-700">night</span>
        </p>
        <Availability item={item} dates={dates} />
      </div>
      <HeartButton homeId={home._id} title={home.title} className="shrink-0 self-start" />
    </li>
  );
}

export function WishlistPage() {
  const { user } = useSession();
  const dates = lastSearchDates();
  const list = useQuery({
    queryKey: wishlistKeys.list(user?.id ?? '', dates),
    queryFn: ({ signal }) => fetchWishlist(dates, signal),
    enabled: Boolean(user),
  });
  return (
    <Screen
      title="Wishlist"
      intro={
        dates
          ? `Homes you saved, with today's price and whether each is free for ${formatDay(dates.checkIn)} – ${formatDay(dates.checkOut)}, the dates you last searched.`
          : "Homes you saved, with today's price. Search with dates to see whether they are free."
      }
    >
      <QueryView
        query={list}
        loadingLabel="Loading your wishlist"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="rounded-xl border border-dashed border-gray-300 p-8 text-center">
            <p className="text-lg font-semibold text-gray-900">Your wishlist is empty.</p>
            <p className="mt-1 text-gray-700">Press the heart on a home to save it here.</p>
            <Link to="/all-home" className={buttonClass('primary', 'mt-6')}>
              Browse homes
            </Link>
          </div>
        }
      >
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.items.map((item) => (
              <SavedHome key={item.home._id} item={item} dates={dates} />
            ))}
          </ul>
        )}
      </QueryView>
    </Screen>
  );
}

export { WishlistPage as Component };
