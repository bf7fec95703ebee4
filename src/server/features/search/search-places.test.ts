/**
 * GET /api/places: the places that have homes, ranked as a place search ranks them (the city is
 * the term, the city starts with it, a word starts with it, anywhere, a close spelling).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACE_SUGGESTIONS_MAX, placeSuggestionsSchema } from '#shared/schemas/search';
import { homes } from '#server/db/schema';
import { insertHome } from '#server/test/factories';
import { useTestApp } from '#server/test/test-app';

const t = useTestApp();

async function places(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/places?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return placeSuggestionsSchema.parse(res.json()).places;
}

const names = async (query: string) => (await places(query)).map((p) => p.location);

async function homesIn(location: string, count = 1) {
  for (let i = 0; i < count; i++) await insertHome(t.db, { location });
}

beforeAll(async () => {
  await homesIn('Lisbon, Portugal', 3);
  await homesIn('Porto, Portugal', 2);
  await homesIn('Portimão, Portugal', 1);
  await homesIn('Vaporetto, Italy', 1);
  await homesIn('Old Lisbon Quarter, Portugal', 1);
  await homesIn('Alisa, Spain', 1);
  await homesIn('100% Beach, Spain', 1);
  await homesIn('Costa_Sol, Spain', 1);
  await homesIn('Costa del Sol, Spain', 1);
  await homesIn('Portugalete, Spain', 2);
  for (let i = 0; i < PLACE_SUGGESTIONS_MAX + 2; i++) await homesIn(`Seaview ${String.fromCharCode(97 + i)}, Greece`);
});

describe('GET /api/places ranking', () => {
  it('puts the city that is the term first: Porto before any Portugal place', async () => {
    // "Lisbon, Portugal" only resembles "Porto" (a close spelling of a word): not offered while a
    // place contains the term (ADR 0036).
    expect(await names('q=Porto')).toEqual(['Porto, Portugal']);
  });

  it('ranks a place matched by its own words before one that only starts with the term', async () => {
    const found = await names('q=portugal');
    // "Portugal" is a whole word of every Portuguese place; "Portugalete" only starts with it,
    // though it has more homes.
    expect(found.at(-1)).toBe('Portugalete, Spain');
    expect(found.slice(0, -1).every((place) => place.endsWith(', Portugal'))).toBe(true);
  });

  it('offers close spellings only when no place contains the term, closest and largest first', async () => {
    const found = await names('q=Lisbn');
    expect(found[0]).toBe('Lisbon, Portugal');
    expect(found).not.toContain('Porto, Portugal');
  });

  it('ranks city starts, then word starts, then anywhere; more homes first within a rank', async () => {
    const found = await names('q=Por');
    // City starts with "Por": Porto and Portugalete (2 homes each, by name) before Portimão (1 home).
    expect(found.slice(0, 3)).toEqual(['Porto, Portugal', 'Portugalete, Spain', 'Portimão, Portugal']);
    // A word starts with it (the country): after every city start.
    const wordStart = found.indexOf('Lisbon, Portugal');
    const anywhere = found.indexOf('Vaporetto, Italy');
    expect(wordStart).toBeGreaterThan(2);
    expect(anywhere).toBeGreaterThan(wordStart);
  });

  it('ranks a word start above a match inside a word', async () => {
    expect(await names('q=lis')).toEqual(['Lisbon, Portugal', 'Old Lisbon Quarter, Portugal', 'Alisa, Spain']);
  });

  it('answers each place once with its number of homes', async () => {
    const found = await places('q=Lisbon');
    expect(found[0]).toEqual({ location: 'Lisbon, Portugal', homes: 3 });
    expect(new Set(found.map((p) => p.location)).size).toBe(found.length);
  });

  it('reads % and _ literally', async () => {
    expect(await names('q=%25')).toEqual(['100% Beach, Spain']);
    expect(await names('q=_')).toEqual(['Costa_Sol, Spain']);
    expect(await names(`q=${encodeURIComponent('a_s')}`)).toEqual(['Costa_Sol, Spain']);
  });

  it('ignores case and surrounding spaces', async () => {
    expect((await names('q=%20%20pORTo%20'))[0]).toBe('Porto, Portugal');
  });
});

describe('GET /api/places limits and answers', () => {
  it(`answers at most ${PLACE_SUGGESTIONS_MAX} places by default, fewer when asked`, async () => {
    expect(await places('q=Seaview')).toHaveLength(PLACE_SUGGESTIONS_MAX);
    expect(await names('q=Seaview&limit=2')).toEqual(['Seaview a, Greece', 'Seaview b, Greece']);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await places('q=Zzyzx')).toEqual([]);
  });

  it('forgets a place when its last home goes', async () => {
    const home = await insertHome(t.db, { location: 'Gonetown, Testland' });
    expect(await names('q=Gonetown')).toEqual(['Gonetown, Testland']);
    await t.db.delete(homes).where(eq(homes.id, home.id));
    expect(await places('q=Gonetown')).toEqual([]);
  });

  it.each([
    ['no q', ''],
    ['an empty q', 'q='],
    ['a blank q', 'q=%20%20'],
    ['a q too long', `q=${'a'.repeat(121)}`],
    ['a limit of 0', 'q=Lis&limit=0'],
    ['a limit above the maximum', `q=Lis&limit=${PLACE_SUGGESTIONS_MAX + 1}`],
    ['a limit that is not a number', 'q=Lis&limit=many'],
    ['an unknown parameter', 'q=Lis&sort=name'],
  ])('answers 400 for %s', async (_name, query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/places?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });
});
