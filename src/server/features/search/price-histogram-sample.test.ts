/**
 * The price histogram of a place whose homes outnumber the rows it may read (ADR 0072): the counts
 * come from each place's newest homes, scaled up and marked not exact, while the range's ends stay
 * the cheapest and dearest homes the search finds. A small `sample` stands for the production one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceHistogram } from '#shared/schemas/search';
import { insertBooking, insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';
import { priceHistogram } from './search-service';

const t = useTestApp();

const DATES = { checkIn: '2026-12-10', checkOut: '2026-12-13' };
const NOW = new Date('2026-11-01T00:00:00Z');
const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

/** The prices (cents) of the homes each place reads first: its newest, inserted last. */
const newest: number[] = [];

beforeAll(async () => {
  // Samplebury: 40 homes. The oldest four hold both ends of the range, so the sample never reads
  // them: $10.00 and $990.00 booked over DATES, $20.50 and $950.25 free.
  const ends = [1_000, 99_000, 2_050, 95_025];
  for (const [i, priceCents] of ends.entries()) {
    const home = await insertHome(t.db, { location: 'Samplebury, Testland', priceCents });
    if (i < 2) await insertBooking(t.db, home, { status: 'confirmed', ...DATES });
  }
  for (let i = 0; i < 36; i++) {
    const priceCents = 10_000 + (i % 12) * 1_000;
    await insertHome(t.db, { location: 'Samplebury, Testland', priceCents });
    if (i >= 28) newest.push(priceCents);
  }
  // Samplebury Park: 10 homes at $300 .. $390.
  for (let i = 0; i < 10; i++) {
    const priceCents = 30_000 + i * 1_000;
    await insertHome(t.db, { location: 'Samplebury Park, Testland', priceCents });
    if (i >= 8) newest.push(priceCents);
  }
});

/** 10 rows of 50 homes: 8 of Samplebury's 40, 2 of Samplebury Park's 10. */
const histogram = (dates: boolean, sample = 10): Promise<PriceHistogram> =>
  priceHistogram(t.db, { location: 'Samplebury', ...(dates ? DATES : {}) }, NOW, sample);

describe('price histogram of a place with more homes than it reads', () => {
  it('is exact when the sample holds every home, and a sample otherwise', async () => {
    const whole = await histogram(false, 50);
    expect(whole.exact).toBe(true);
    expect(whole.total).toBe(50);
    const sampled = await histogram(false);
    expect(sampled.exact).toBe(false);
    // Each home read stands for five: here every one passes, so the scaled total is the true one,
    // plus one for each end of the range ($10 and $990), whose dollars the sample did not read.
    expect(sampled.total).toBe(52);
    expect(sum(sampled.counts)).toBe(sampled.total);
    // Fewer prices than the whole: the counts did come from the sample.
    expect(sampled.counts.filter((c) => c > 0).length).toBeLessThan(whole.counts.filter((c) => c > 0).length);
  });

  it('keeps the range exact: the cheapest and dearest homes, though the sample never read them', async () => {
    const sampled = await histogram(false);
    expect([sampled.minPrice, sampled.maxPrice]).toEqual([10, 990]);
    const whole = await histogram(false, 50);
    expect([sampled.minPrice, sampled.maxPrice, sampled.bucketWidth]).toEqual([
      whole.minPrice,
      whole.maxPrice,
      whole.bucketWidth,
    ]);
    expect(sampled.counts).toHaveLength(whole.counts.length);
  });

  it('counts every price the sample read', async () => {
    const sampled = await histogram(false);
    for (const cents of newest) {
      const index = Math.floor((cents - sampled.minPrice * 100) / (sampled.bucketWidth * 100));
      expect(sampled.counts[index], `${cents}`).toBeGreaterThan(0);
    }
  });

  it('with dates, never takes a booked home for an end of the range', async () => {
    const sampled = await histogram(true);
    expect(sampled.exact).toBe(false);
    expect([sampled.minPrice, sampled.maxPrice]).toEqual([20, 951]);
    const whole = await histogram(true, 50);
    expect(whole.exact).toBe(true);
    expect(whole.total).toBe(48);
    expect(Math.abs(sampled.total - whole.total)).toBeLessThanOrEqual(whole.total * 0.25);
  });
});

describe('price histogram of a place whose newest homes fail the filters (ADR 0074)', () => {
  beforeAll(async () => {
    // Oldbury: its two oldest homes take 6 guests, at $50 and $200; its 38 newest take 4, at $100 .. $137.
    await insertHome(t.db, { location: 'Oldbury, Testland', priceCents: 5_000, totalGuest: 6 });
    await insertHome(t.db, { location: 'Oldbury, Testland', priceCents: 20_000, totalGuest: 6 });
    for (let i = 0; i < 38; i++) {
      await insertHome(t.db, { location: 'Oldbury, Testland', priceCents: 10_000 + i * 100, totalGuest: 4 });
    }
  });

  it('still shows a bar at each end of the range: the sample read none of the homes that pass', async () => {
    const sampled = await priceHistogram(t.db, { location: 'Oldbury', guests: 6 }, NOW, 10);
    expect(sampled.exact).toBe(false);
    expect([sampled.minPrice, sampled.maxPrice]).toEqual([50, 200]);
    expect(sampled.counts[0]).toBeGreaterThan(0);
    expect(sampled.counts.at(-1)).toBeGreaterThan(0);
    expect(sampled.total).toBe(2);
    const whole = await priceHistogram(t.db, { location: 'Oldbury', guests: 6 }, NOW, 40);
    expect(whole).toMatchObject({ exact: true, total: 2, minPrice: 50, maxPrice: 200 });
  });
});

describe('price histogram whose end walks reach their cap (ADR 0074)', () => {
  beforeAll(async () => {
    // Capbury: 80 homes at $100 .. $179; only the oldest, at $140 (the middle), takes 13 guests.
    await insertHome(t.db, { location: 'Capbury, Testland', priceCents: 14_000, totalGuest: 13 });
    for (let i = 0; i < 80; i++) {
      if (i === 40) continue;
      await insertHome(t.db, { location: 'Capbury, Testland', priceCents: 10_000 + i * 100, totalGuest: 4 });
    }
    // Capbury Hill: 5 homes at $300 .. $304, none for 13 guests.
    for (let i = 0; i < 5; i++) {
      await insertHome(t.db, { location: 'Capbury Hill, Testland', priceCents: 30_000 + i * 100, totalGuest: 4 });
    }
  });

  it('stops each walk at 3 x the sample and then says the range is not exact', async () => {
    // A sample of 10 homes: each end's walk reads at most 30 index entries over the two places
    // (29 of Capbury's 80, 2 of Capbury Hill's 5), never reaching the $140 home from either end,
    // and the sample (the newest homes) does not hold it either: nothing is known to pass.
    const capped = await priceHistogram(t.db, { location: 'Capbury', guests: 13 }, NOW, 10);
    expect(capped).toEqual({ minPrice: 0, maxPrice: 0, bucketWidth: 1, counts: [], total: 0, exact: false });
  });

  it('is exact when the walks reach the home that passes', async () => {
    // A sample of 30: walks of 90 entries reach the $140 home from both ends.
    const walked = await priceHistogram(t.db, { location: 'Capbury', guests: 13 }, NOW, 30);
    expect(walked).toMatchObject({ minPrice: 140, maxPrice: 140, total: 1, exact: false });
    // A sample of every home: all read, exact.
    const whole = await priceHistogram(t.db, { location: 'Capbury', guests: 13 }, NOW, 85);
    expect(whole).toEqual({ minPrice: 140, maxPrice: 140, bucketWidth: 1, counts: [1], total: 1, exact: true });
  });

  it('finds both ends at the first entries when they pass, though the sample is partial', async () => {
    // Without guests every first entry passes: exact ends, though the sample is partial.
    const all = await priceHistogram(t.db, { location: 'Capbury' }, NOW, 10);
    expect([all.minPrice, all.maxPrice]).toEqual([100, 304]);
  });
});
