/**
 * The price histogram of a place whose homes outnumber the rows it may read (ADR 0072): the counts
 * come from each place's newest and oldest homes (half each, ADR 0074), scaled up and marked not
 * exact, while the range's ends stay the cheapest and dearest homes the search finds. A small
 * `sample` stands for the production one.
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

/** The prices (cents) of the homes the sample reads: each place's newest and oldest. */
const read: number[] = [];

beforeAll(async () => {
  // Samplebury: 40 homes. Four in the middle of their ages hold both ends of the range, so the
  // sample (the four newest and the four oldest) never reads them: $10.00 and $990.00 booked over
  // DATES, $20.50 and $950.25 free.
  const filler = async (i: number) => {
    const priceCents = 10_000 + (i % 12) * 1_000;
    await insertHome(t.db, { location: 'Samplebury, Testland', priceCents });
    if (i < 4 || i >= 32) read.push(priceCents);
  };
  for (let i = 0; i < 18; i++) await filler(i);
  const ends = [1_000, 99_000, 2_050, 95_025];
  for (const [i, priceCents] of ends.entries()) {
    const home = await insertHome(t.db, { location: 'Samplebury, Testland', priceCents });
    if (i < 2) await insertBooking(t.db, home, { status: 'confirmed', ...DATES });
  }
  for (let i = 18; i < 36; i++) await filler(i);
  // Samplebury Park: 10 homes at $300 .. $390.
  for (let i = 0; i < 10; i++) {
    const priceCents = 30_000 + i * 1_000;
    await insertHome(t.db, { location: 'Samplebury Park, Testland', priceCents });
    if (i === 0 || i === 9) read.push(priceCents);
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
    for (const cents of read) {
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

describe('price histogram of a place whose newest and oldest homes fail the filters (ADR 0074)', () => {
  beforeAll(async () => {
    // Oldbury: 40 homes; the two in the middle of their ages take 6 guests, at $50 and $200; the
    // 19 older and 19 newer ones take 4, at $100 .. $137.
    for (let i = 0; i < 38; i++) {
      if (i === 19) {
        await insertHome(t.db, { location: 'Oldbury, Testland', priceCents: 5_000, totalGuest: 6 });
        await insertHome(t.db, { location: 'Oldbury, Testland', priceCents: 20_000, totalGuest: 6 });
      }
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

describe('price histogram of a place whose oldest homes alone pass the filters (ADR 0074)', () => {
  beforeAll(async () => {
    // Agebury: 40 homes; its five oldest take 6 guests, at $60 .. $64; the others take 4, at $100 .. $134.
    for (let i = 0; i < 40; i++) {
      const old = i < 5;
      await insertHome(t.db, {
        location: 'Agebury, Testland',
        priceCents: old ? 6_000 + i * 100 : 10_000 + (i - 5) * 100,
        totalGuest: old ? 6 : 4,
      });
    }
  });

  it('counts them: half the sample is each place’s oldest homes', async () => {
    const sampled = await priceHistogram(t.db, { location: 'Agebury', guests: 6 }, NOW, 10);
    expect(sampled).toMatchObject({ exact: false, minPrice: 60, maxPrice: 64, bucketWidth: 1 });
    // Every price has homes, not only the range's ends.
    expect(sampled.counts.every((c) => c > 0)).toBe(true);
  });
});

describe('price histogram whose end walks reach their cap (ADR 0074)', () => {
  beforeAll(async () => {
    // Capbury: 80 homes at $100 .. $179, inserted cheapest first; only the one in the middle, at $140,
    // takes 13 guests.
    for (let i = 0; i < 80; i++) {
      const totalGuest = i === 40 ? 13 : 4;
      await insertHome(t.db, { location: 'Capbury, Testland', priceCents: 10_000 + i * 100, totalGuest });
    }
    // Capbury Hill: 5 homes at $300 .. $304, none for 13 guests.
    for (let i = 0; i < 5; i++) {
      await insertHome(t.db, { location: 'Capbury Hill, Testland', priceCents: 30_000 + i * 100, totalGuest: 4 });
    }
  });

  it('stops each walk at 3 x the sample and then says the range is not exact', async () => {
    // A sample of 10 homes: each end's walk reads at most 30 index entries over the two places
    // (29 of Capbury's 80, 2 of Capbury Hill's 5), never reaching the $140 home from either end,
    // and the sample (the newest and the oldest homes) does not hold it either: nothing is known to pass.
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
