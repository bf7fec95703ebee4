import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { HomesSort } from '#shared/schemas/homes';
import type { PriceHistogramQuery } from '#shared/schemas/search';
import { fetchPriceHistogram, searchKeys } from '../lib/search-api';
import {
  activeFilterCount,
  BEDROOM_CHOICES,
  CLEARED,
  DEFAULT_SORT,
  SORT_LABELS,
  SORTS,
  type SearchFilters,
} from '../lib/search-filters';
import { PriceRangeFilter } from './price-range-filter';

export interface SearchFilterBarProps {
  filters: SearchFilters;
  /** What the histogram counts: the search's place, dates, guests and bedrooms (never its price range). */
  histogramQuery: PriceHistogramQuery;
  onChange: (patch: Partial<SearchFilters>) => void;
}

const legendClass = 'text-sm font-semibold text-gray-900';
const pill =
  'cursor-pointer rounded-full border border-gray-400 px-3 py-1.5 text-sm font-medium text-gray-900 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-700';

/**
 * Price range, bedrooms and order of the results, all written to the URL. Under 768 px the
 * controls sit behind a "Filters" disclosure button so the results stay in view.
 */
export function SearchFilterBar({ filters, histogramQuery, onChange }: SearchFilterBarProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  const histogram = useQuery({
    queryKey: searchKeys.histogram(histogramQuery),
    queryFn: ({ signal }) => fetchPriceHistogram(histogramQuery, signal),
    placeholderData: (previous) => previous,
  });

  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3 md:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
          className="rounded-md border border-gray-400 px-4 py-2 font-semibold text-gray-900"
        >
          Filters{count ? ` (${count})` : ''}
        </button>
      </div>
      <div
        id={`${id}-panel`}
        className={`${open ? 'mt-4 grid' : 'hidden'} gap-6 md:mt-0 md:grid md:grid-cols-[minmax(16rem,1.6fr)_auto_minmax(11rem,0.8fr)] md:items-start`}
      >
        <fieldset className="min-w-0">
          <legend className={legendClass}>Price per night</legend>
          {/* As tall as the slider (text, bars, track): the results below do not move when it arrives. */}
          <div className="mt-2 min-h-[7.5rem]">
            {histogram.isPending ? (
              <p className="text-sm text-gray-700">Loading prices...</p>
            ) : histogram.isError ? (
              <p className="text-sm text-gray-700">Prices could not be loaded.</p>
            ) : histogram.data.total === 0 ? (
              <p className="text-sm text-gray-700">No prices to choose from.</p>
            ) : (
              <PriceRangeFilter
                histogram={histogram.data}
                minPrice={filters.minPrice}
                maxPrice={filters.maxPrice}
                onChange={onChange}
              />
            )}
          </div>
        </fieldset>
        <fieldset>
          <legend className={legendClass}>Bedrooms</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {[undefined, ...BEDROOM_CHOICES].map((n) => (
              <label key={n ?? 'any'} className={pill}>
                <input
                  type="radio"
                  name={`${id}-bedrooms`}
                  className="sr-only"
                  checked={filters.bedrooms === n}
                  onChange={() => onChange({ bedrooms: n })}
                />
                {n === undefined ? 'Any' : `${n}+`}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-sort`} className={legendClass}>
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={filters.sort ?? DEFAULT_SORT}
            onChange={(e) => onChange({ sort: e.target.value as HomesSort })}
            className="rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900"
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
          {count > 0 && (
            <button
              type="button"
              onClick={() => onChange(CLEARED)}
              className="self-start rounded-md px-2 py-1 text-sm font-semibold text-rose-800 underline underline-offset-4 hover:bg-rose-50"
            >
              Clear filters
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
