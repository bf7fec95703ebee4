import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Home } from '#shared/schemas/homes';
import { TEXTS } from '#shared/texts';
import type { HomesFilter } from '#client/lib/api';
import { homesPagesQuery } from '../lib/page-queries';
import { HomeCard, HomeCardSkeleton } from './home-card';
import { ErrorPanel, errorText } from '#client/components/ui/status';

export interface HomesGridProps {
  filter: HomesFilter;
  /** The detail link of a card (to carry the searched dates along). */
  linkFor?: (home: Home) => string;
  empty: ReactNode;
  /** Label of the list for assistive technology. */
  label: string;
  /** How many placeholder cards to show while the first page loads. */
  skeletons?: number;
  /** Beside a map (issue 29): at most two columns, from 1024 px one. */
  besideMap?: boolean;
  /** The home whose card and map marker are highlighted (hovered or focused in either). */
  activeId?: string | null;
  onActive?: (id: string | null) => void;
}

/** Cards in the first rows load eagerly; the rest below the fold lazily. */
const EAGER_CARDS = 4;

const GRID_CLASS = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
const BESIDE_MAP_CLASS = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2';

/**
 * While the first page loads: card-shaped placeholders in the same grid (at least
 * the first rows fill the screen), so the footer is not painted high up and then
 * pushed down when the homes arrive. "Loading..." shows over them.
 */
function GridSkeleton({ count }: { count: number }) {
  return (
    <div className="relative">
      <p role="status" className="absolute inset-x-0 top-16 z-10 text-center text-lg text-gray-700">
        {TEXTS.loading}
      </p>
      <div className={GRID_CLASS}>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="flex">
            <HomeCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The pages of homes for a filter, as one infinite query: the grid reads it, and so may its page
 * (the same key: one request) for what the first page says beside the homes, such as the place match.
 * `keepPrevious`: while another filter loads, answer the previous one's pages (the grid does not).
 */
export function useHomesPages(filter: HomesFilter, { keepPrevious = false } = {}) {
  return useInfiniteQuery({
    ...homesPagesQuery(filter),
    // For this observer only: the previous filter's answer while the new one loads.
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/**
 * Every home the API pages through for a filter: the first page on mount, the
 * next ones (the Link header's rel="next") when the sentinel below the grid comes
 * into view, or when "Load more" is pressed.
 */
export function HomesGrid({
  filter,
  linkFor,
  empty,
  label,
  skeletons = 8,
  besideMap = false,
  activeId = null,
  onActive,
}: HomesGridProps) {
  const query = useHomesPages(filter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinel.current;
    if (
      !node ||
      !hasNextPage ||
      isFetchingNextPage ||
      isFetchNextPageError ||
      typeof IntersectionObserver === 'undefined'
    )
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) return <GridSkeleton count={skeletons} />;
  if (query.isError && !query.data) {
    return <ErrorPanel centered message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }

  const homes = query.data.pages.flatMap((page) => page.homes);
  if (homes.length === 0) return <>{empty}</>;

  return (
    <div>
      <ul aria-label={label} className={besideMap ? BESIDE_MAP_CLASS : GRID_CLASS}>
        {homes.map((home, index) => (
          <li
            key={home._id}
            data-home-id={home._id}
            className={`flex rounded-xl ${home._id === activeId ? 'ring-4 ring-gray-900' : ''}`}
            {...(onActive && {
              onMouseEnter: () => onActive(home._id),
              onMouseLeave: () => onActive(null),
              onFocus: () => onActive(home._id),
              onBlur: () => onActive(null),
            })}
          >
            <HomeCard
              home={home}
              to={linkFor?.(home)}
              eager={index < EAGER_CARDS}
              priority={index === 0}
              headingLevel="h2"
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <div className="mt-8 flex flex-col items-center gap-3" aria-live="polite">
        {isFetchNextPageError && (
          <ErrorPanel centered message={errorText(query.error)} onRetry={() => void fetchNextPage()} />
        )}
        {hasNextPage && !isFetchNextPageError && (
          <button
            type="button"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            className="rounded-md border border-gray-300 px-5 py-2.5 font-semibold text-gray-900 hover:bg-gray-50 disabled:opacity-70"
          >
            {isFetchingNextPage ? TEXTS.loading : 'Load more'}
          </button>
        )}
        {!hasNextPage && homes.length > EAGER_CARDS && (
          <p className="text-sm text-gray-700">You have seen all {homes.length} homes.</p>
        )}
      </div>
    </div>
  );
}
