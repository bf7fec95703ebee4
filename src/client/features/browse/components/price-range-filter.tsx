import * as Slider from '@radix-ui/react-slider';
import { useState, type KeyboardEvent } from 'react';
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

type Range = [number, number];

const KEY_STEPS: Record<string, number> = {
  ArrowRight: 1,
  ArrowUp: 1,
  ArrowLeft: -1,
  ArrowDown: -1,
  PageUp: 10,
  PageDown: -10,
};

/**
 * Where a key moves one thumb, never past the other: Radix's own Home and End move the first and
 * the last thumb whichever is focused, and its steps push the other thumb along.
 */
function keyedRange(range: Range, thumb: 0 | 1, key: string, shift: boolean, [low, high]: Range): Range | null {
  const [floor, ceiling] = thumb === 0 ? [low, range[1]] : [range[0], high];
  let value: number;
  if (key === 'Home') value = floor;
  else if (key === 'End') value = ceiling;
  else if (key in KEY_STEPS)
    value = range[thumb] + KEY_STEPS[key]! * (shift && Math.abs(KEY_STEPS[key]!) === 1 ? 10 : 1);
  else return null;
  value = Math.min(ceiling, Math.max(floor, value));
  return thumb === 0 ? [value, range[1]] : [range[0], value];
}

/**
 * A two-thumb price slider (Radix: each thumb a role="slider" with its own label, arrows, Page
 * Up/Down, Home/End) over the histogram of the matching homes' prices. The URL changes when a
 * thumb is let go (or moved by a key), not on every pixel of a drag.
 */
export function PriceRangeFilter({ histogram, minPrice, maxPrice, onChange }: PriceRangeFilterProps) {
  const low = histogram.minPrice;
  const high = histogram.maxPrice;
  const clamp = (n: number) => Math.min(high, Math.max(low, n));
  const fromUrl: Range = [clamp(minPrice ?? low), clamp(maxPrice ?? high)];
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

  const commit = ([nextLow, nextHigh]: Range) =>
    onChange({ minPrice: nextLow === low ? undefined : nextLow, maxPrice: nextHigh === high ? undefined : nextHigh });
  const onThumbKey = (thumb: 0 | 1) => (event: KeyboardEvent) => {
    const next = keyedRange(range, thumb, event.key, event.shiftKey, [low, high]);
    if (!next) return;
    // Handled here: Radix's own key handling (on the root) sees the event as done.
    event.preventDefault();
    if (next[0] === range[0] && next[1] === range[1]) return;
    setRange(next);
    commit(next);
  };

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
        // A dragged thumb stops at the other instead of swapping places with it (and moving the other bound).
        preserveThumbOrder
        onValueChange={(value) => setRange([value[0]!, value[1]!])}
        onValueCommit={(value) => commit([value[0]!, value[1]!])}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-gray-300">
          <Slider.Range className="absolute h-full rounded-full bg-rose-700" />
        </Slider.Track>
        <Slider.Thumb
          className={thumbClass}
          aria-label="Minimum price"
          aria-valuetext={dollars(range[0])}
          onKeyDown={onThumbKey(0)}
        />
        <Slider.Thumb
          className={thumbClass}
          aria-label="Maximum price"
          aria-valuetext={dollars(range[1])}
          onKeyDown={onThumbKey(1)}
        />
      </Slider.Root>
    </div>
  );
}
