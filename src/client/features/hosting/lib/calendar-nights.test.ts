import { describe, expect, it } from 'vitest';
import type { CalendarBlock, CalendarNight } from '#shared/schemas/calendar';
import { addDays } from '#shared/stay';
import { calendarNightPrice, nightLabel, summarizeRange } from './calendar-nights';

/** Nights from `from` on, one per status letter: a available, b blocked, i imported, k booked. */
function nights(from: string, statuses: string): CalendarNight[] {
  const status = { a: 'available', b: 'blocked', i: 'imported', k: 'booked' } as const;
  return [...statuses].map((letter, i) => ({
    date: addDays(from, i),
    status: status[letter as keyof typeof status],
    inWindow: true,
    ...(letter === 'k' ? { bookingId: 'stay-1', guestName: 'Ana' } : {}),
  }));
}

const block = (from: string, to: string, source: CalendarBlock['source'] = 'host'): CalendarBlock => ({
  id: `${source}-${from}`,
  from,
  to,
  note: null,
  source,
  importId: null,
});

describe('summarizeRange', () => {
  const loaded = nights('2027-03-01', 'aabbbbaiik');
  const blocks = [block('2027-03-03', '2027-03-07'), block('2027-03-08', '2027-03-10', 'import')];

  it('counts the host-blocked nights of a selection inside a block, and the block it touches', () => {
    const summary = summarizeRange({ from: '2027-03-04', to: '2027-03-06' }, loaded, blocks);
    expect(summary).toMatchObject({ nights: 2, loaded: true, blockedNights: 2, blockable: false, imported: 0 });
    expect(summary.hostBlocks.map((b) => b.id)).toEqual(['host-2027-03-03']);
  });

  it('a free selection is blockable and frees nothing; imported nights are counted apart', () => {
    expect(summarizeRange({ from: '2027-03-01', to: '2027-03-03' }, loaded, blocks)).toMatchObject({
      blockable: true,
      blockedNights: 0,
      hostBlocks: [],
    });
    expect(summarizeRange({ from: '2027-03-07', to: '2027-03-10' }, loaded, blocks)).toMatchObject({
      blockable: true,
      imported: 2,
      blockedNights: 0,
    });
  });

  it('names the stays in the way, which cannot be blocked', () => {
    const summary = summarizeRange({ from: '2027-03-09', to: '2027-03-11' }, loaded, blocks);
    expect(summary.blockable).toBe(false);
    expect(summary.stays).toEqual([{ bookingId: 'stay-1', guestName: 'Ana', status: 'booked' }]);
  });

  it('says when the selection runs past the nights on screen (its counts are then partial)', () => {
    const summary = summarizeRange({ from: '2027-03-05', to: '2027-03-20' }, loaded, blocks);
    expect(summary).toMatchObject({ nights: 15, loaded: false, blockable: false, blockedNights: 2 });
  });
});

describe('calendarNightPrice', () => {
  // 2027-03-05 is a Friday.
  const home = { price: 99.5, weekendPrice: 150 };
  const periods = [{ _id: 'p1', from: '2027-03-10', to: '2027-03-12', price: 200.25, name: null }];

  it("prices a night by the quote's rule, from the API's dollars", () => {
    expect(calendarNightPrice(home, periods, '2027-03-04')).toEqual({ cents: 9_950, kind: 'base' });
    expect(calendarNightPrice(home, periods, '2027-03-05')).toEqual({ cents: 15_000, kind: 'weekend' });
    expect(calendarNightPrice(home, periods, '2027-03-11')).toEqual({ cents: 20_025, kind: 'period' });
    expect(calendarNightPrice(home, periods, '2027-03-12')).toEqual({ cents: 15_000, kind: 'weekend' });
    expect(calendarNightPrice({ price: 99.5, weekendPrice: null }, [], '2027-03-05')).toEqual({
      cents: 9_950,
      kind: 'base',
    });
  });

  it('says the price and why in the night’s label, before "selected"', () => {
    const night = { date: '2027-03-05', status: 'available' as const, inWindow: true };
    expect(nightLabel(night, true, { cents: 15_000, kind: 'weekend' })).toBe(
      '5 March 2027, available, $150 a night (weekend price), selected',
    );
    expect(nightLabel(night, false, { cents: 20_025, kind: 'period' })).toBe(
      '5 March 2027, available, $200.25 a night (price period)',
    );
  });
});
