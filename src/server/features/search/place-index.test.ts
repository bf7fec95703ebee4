/**
 * The places' index is rebuilt whenever their version moves (a home added anywhere): built in one
 * go it held the event loop for 70-150 ms at 5,000 places, so every request of that moment waited.
 * It is built in steps that let the event loop run between them, and answers as before.
 */
import { describe, expect, it } from 'vitest';
import { buildPlaceIndexInSteps, type PlaceRow } from './place-index';

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `count` places in the database's order of names, a few sharing a city or a word. */
function placeRows(count: number): PlaceRow[] {
  const rows = Array.from({ length: count }, (_, i) => ({
    location: `${['Porto', 'Port', 'Santa', 'San', 'Lis'][i % 5]}${String(i).padStart(5, '0')} Bay, Country ${i % 40}`,
    homes: 1 + ((i * 37) % 500),
  }));
  rows.push({ location: 'Lisbon, Portugal', homes: 10_000 });
  return rows.sort((a, b) => (a.location < b.location ? -1 : 1));
}

describe('buildPlaceIndexInSteps', () => {
  it('lets other work run while it builds the index of 5,000 places', async () => {
    let ticks = 0;
    let building = true;
    const tick = () => {
      ticks++;
      if (building) setImmediate(tick);
    };
    setImmediate(tick);
    const index = await buildPlaceIndexInSteps(placeRows(5_000), nextTick, 250);
    building = false;
    // Three passes over 5,001 places in steps of 250: the event loop turned between the steps.
    expect(ticks).toBeGreaterThanOrEqual(50);
    expect(index.size).toBe(5_001);
  });

  it('answers as the places rank, whatever the step', async () => {
    const rows = placeRows(900);
    for (const step of [1, 7, 250, 10_000]) {
      const index = await buildPlaceIndexInSteps(rows, nextTick, step);
      expect(index.best('lisbon', 3), `step ${step}`).toEqual([
        { location: 'Lisbon, Portugal', rank: 0, homes: 10_000 },
      ]);
      expect(index.match('li', 2), `step ${step}`).toEqual([
        { location: 'Lisbon, Portugal', homes: 10_000 },
        expect.objectContaining({ location: expect.stringMatching(/^Lis\d{5} Bay/) }),
      ]);
      expect(index.close('Lisbn', 1), `step ${step}`).toEqual([{ location: 'Lisbon, Portugal', homes: 10_000 }]);
    }
  });
});
