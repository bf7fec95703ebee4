import * as Slider from '@radix-ui/react-slider';
import { useState } from 'react';
import type { PriceHistogram } from '#shared/schemas/search';

export interface PriceRangeFilterProps {
  histogram: PriceHistogram;
  minPrice?: number;
  maxPrice?: number;
  /** A thumb at the end of the histogram's range means "no bound": it is passed as undefined. */
  onChange: (range: { minPrice?: number; maxPrice?: number }) => void;
}

/** Whole dollars as the slider shows them: 1200 -> "$1,200". */
const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

const thumbClass =
  'block h-6 w-6 rounded-full border-2 border-rose-700 bg-white shadow focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-rose-700';

/**
 * A two-thumb price slider (Radix: each thumb a role="slider" with its own label, arrows, Page
 * Up/Down, Home/End) over the histogram of the matching homes' prices. The URL changes when a
 * thumb is let go (or moved by a key), not on every pixel of a drag.
 */
export function PriceRangeFilter({ histogram, minPrice, maxPrice, onChange }: PriceRangeFilterProps) {
  const low = histogram.minPrice;
  const high = histogram.maxPrice;
  const clamp = (n: number) => Math.min(high, Math.max(low, n));
  const fromUrl: [number, number] = [clamp(minPrice ?? low), clamp(maxPrice ?? high)];
  const [range, setRange] = useState(fromUrl);
  // The URL is the state: follow it when it changes (back button, "Clear filters", a new histogram),
  // during render rather than in an effect, so no frame shows the old thumbs.
  const urlKey = fromUrl.join('-');
  const [seenKey, setSeenKey] = useState(urlKey);
  if (seenKey !== urlKey) {
    setSeenKey(urlKey);
    setRange(fromUrl);
  }

  // One price for every match: nothing to narrow (and a slider whose ends meet has no width).
  if (low === high) return <p className="text-sm text-gray-900">Every home here is {dollars(low)} a night.</p>;

  const tallest = Math.max(1, ...histogram.counts);
  const bucketStart = (i: number) => low + i * histogram.bucketWidth;

  return (
    <div>
      <p className="text-sm text-gray-900" aria-hidden="true">
        <span className="font-semibold">{dollars(range[0])}</span> –{' '}
        <span className="font-semibold">{dollars(range[1])}</span>
        {range[1] === high && maxPrice === undefined ? '+' : ''} a night
      </p>
      {/* The bars repeat what the results show; for assistive technology the sliders' values say it. */}
      <div aria-hidden="true" className="mt-3 flex h-16 items-end gap-px px-3">
        {histogram.counts.map((count, i) => {
          const inside = bucketStart(i) + histogram.bucketWidth > range[0] && bucketStart(i) <= range[1];
          return (
            <div
              key={i}
              className={`flex-1 rounded-t-sm ${inside ? 'bg-rose-700' : 'bg-gray-300'}`}
              style={{ height: `${count === 0 ? 0 : Math.max(4, (count / tallest) * 100)}%` }}
            />
          );
        })}
      </div>
      <Slider.Root
        className="relative flex h-6 touch-none select-none items-center px-3"
        min={low}
        max={high}
        step={1}
        minStepsBetweenThumbs={0}
        value={range}
        onValueChange={(value) => setRange([value[0]!, value[1]!])}
        onValueCommit={([nextLow, nextHigh]) =>
          onChange({
            minPrice: nextLow === low ? undefined : nextLow,
            maxPrice: nextHigh === high ? undefined : nextHigh,
          })
        }
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-gray-300">
          <Slider.Range className="absolute h-full rounded-full bg-rose-700" />
        </Slider.Track>
        <Slider.Thumb className={thumbClass} aria-label="Minimum price" aria-valuetext={dollars(range[0])} />
        <Slider.Thumb className={thumbClass} aria-label="Maximum price" aria-valuetext={dollars(range[1])} />
      </Slider.Root>
    </div>
  );
}
