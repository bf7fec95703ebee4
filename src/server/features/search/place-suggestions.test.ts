/**
 * GET /api/places answers from the places each process holds in memory (ADR 0064): the same
 * answers as the database's search_place_set, and fresh — at once after a write through this
 * process, within PLACES_MAX_AGE_MS after a write anywhere else.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACE_SUGGESTIONS_MAX, placeSuggestionsSchema } from '#shared/schemas/search';
import { homes } from '#server/db/schema';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp } from '#server/test/test-app';
import { trigramsInOrder, trigramText, wordSimilarity } from './word-similarity';

const MAX_AGE_MS = 60_000;
const t = useTestApp(() => ({ placesMaxAgeMs: MAX_AGE_MS }));

async function names(q: string, limit = PLACE_SUGGESTIONS_MAX): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}&limit=${limit}` });
  expect(res.statusCode, res.body).toBe(200);
  return placeSuggestionsSchema.parse(res.json()).places.map((p) => `${p.location} (${p.homes})`);
}

/** What the SQL the suggestions were answered by before ADR 0064 answers (search_place_set, migration 0036). */
async function fromDatabase(q: string, limit = PLACE_SUGGESTIONS_MAX): Promise<string[]> {
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const result = await t.db.execute(sql`
    select m.location, m.home_count from search_place_set(${q}::text, ${escaped}::text, ${limit}::integer) as m
    order by m.place_rank, m.closeness desc, m.home_count desc, m.location limit ${limit}`);
  const rows = (result as unknown as { rows: { location: string; home_count: number }[] }).rows;
  return rows.map((r) => `${r.location} (${Number(r.home_count)})`);
}

const PLACES: [string, number][] = [
  ['Lisbon, Portugal', 3],
  ['Porto, Portugal', 2],
  ['Porto Santo, Portugal', 2],
  ['Portimão, Portugal', 1],
  ['Vaporetto, Italy', 1],
  ['Old Lisbon Quarter, Portugal', 1],
  ['Alisa, Spain', 1],
  ['100% Beach, Spain', 1],
  ['Costa_Sol, Spain', 1],
  ['Costa del Sol, Spain', 1],
  ['Portugalete, Spain', 2],
  ['San Sebastián, Spain', 2],
  ['Santa Cruz, Spain', 2],
  ['Santander, Spain', 1],
  ['Sant, Spain', 1],
  ['Li, China', 1],
  ['Lima, Peru', 1],
  ['Ål, Norway', 1],
  ['São Paulo, Brazil', 2],
  ['Zürich, Switzerland', 1],
  ['New York, USA', 2],
  ['Newport, USA', 1],
  ['Newark, USA', 1],
  ['York, UK', 1],
  ['St. Ives, UK', 1],
];

beforeAll(async () => {
  for (const [location, count] of PLACES) for (let i = 0; i < count; i++) await insertHome(t.db, { location });
});

describe('GET /api/places from memory', () => {
  it('answers what search_place_set answers, for every prefix and inner part of every place and typos', async () => {
    const terms = new Set<string>(['Lisbn', 'Prto', 'Barcelna', 'zzzz', '%', '_', 'a_s', 'porto', 'SAN', 'y', 'é']);
    for (const [location] of PLACES) {
      const lower = location.toLowerCase();
      for (let n = 1; n <= Math.min(9, lower.length); n++) terms.add(lower.slice(0, n));
      for (let i = 1; i + 3 <= lower.length; i += 3) terms.add(lower.slice(i, i + 3));
      terms.add(location.split(',')[0]!);
      terms.add(location.split(', ')[1]!);
    }
    for (const q of terms) {
      const trimmed = q.trim();
      if (!trimmed) continue;
      expect(await names(trimmed), q).toEqual(await fromDatabase(trimmed));
      expect(await names(trimmed, 2), `${q} limit 2`).toEqual(await fromDatabase(trimmed, 2));
    }
  });

  it('answers the close spellings search_place_close answers: typos, accents, punctuation, several words', async () => {
    const terms = new Set<string>([
      'San Lisb',
      'Lisbon Portgal',
      'portugal lisbn',
      'Sao Paolo',
      'Sāo Paulo',
      'SAO PAULO',
      'Zurich',
      'Zuerich',
      'zürch',
      'St Ives',
      'st.ives',
      'Saint Ives',
      'San-Sebastian',
      'sebastian spain',
      'Costa-del-Sol',
      'costa sol',
      'Nw York',
      'new yrok',
      'Yrok',
      'Porto Snto',
      'portugl',
      'Aal',
      'Ål Norwy',
      '100 Beach',
      '100%Beach',
      'Lim4',
      'Santnder',
      'santa crz',
      'Vaporeto',
      'Newprt',
      'Old Lisbon Qarter',
      "l'isbon",
      '   ',
      '%%',
      'x',
      'qq',
    ]);
    for (const [location] of PLACES) {
      const city = location.split(',')[0]!;
      const letters = Array.from(city);
      for (let i = 0; i < letters.length; i++) {
        terms.add(letters.filter((_, j) => j !== i).join('')); // a letter left out
        const swapped = [...letters];
        [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
        if (i + 1 < letters.length) terms.add(swapped.join('')); // two letters swapped
      }
      terms.add(`${city}x`);
      terms.add(city.normalize('NFD').replace(/\p{M}/gu, '')); // without accents
    }
    let close = 0;
    for (const q of terms) {
      const trimmed = q.trim();
      if (!trimmed) continue;
      const expected = await fromDatabase(trimmed);
      expect(await names(trimmed), q).toEqual(expected);
      expect(await names(trimmed, 1), `${q} limit 1`).toEqual(await fromDatabase(trimmed, 1));
      const contained = PLACES.some(([location]) => location.toLowerCase().includes(trimmed.toLowerCase()));
      if (!contained && expected.length > 0) close++;
    }
    // Not a comparison of empty answers: most of the terms are answered by close spellings.
    expect(close).toBeGreaterThan(100);
  });

  it("computes pg_trgm's word_similarity to the last bit, for every place and term", async () => {
    const terms = ['lisbn', 'San Lisb', 'sao paolo', 'zürch', 'St Ives', 'new yrok', 'porto portugal', 'aa', 'y', '%'];
    for (const [location] of PLACES) terms.push(location.split(',')[0]!.slice(0, 5), location.slice(3, 11));
    const text = PLACES.map(([location]) => trigramText(location));
    for (const term of terms) {
      const result = await t.db.execute(sql`
        select word_similarity(${term}::text, l)::float8 as s
        from jsonb_array_elements_text(${JSON.stringify(PLACES.map(([l]) => l))}::jsonb) with ordinality as u(l, n)
        order by n`);
      const fromSql = (result as unknown as { rows: { s: number }[] }).rows.map((r) => Math.fround(Number(r.s)));
      const termTrigrams = new Set(trigramsInOrder(term));
      expect(
        text.map((x) => wordSimilarity(termTrigrams, x)),
        term,
      ).toEqual(fromSql);
    }
  });

  it('answers close spellings from the places it holds, as its other suggestions', async () => {
    // Written straight to the database, as another process would: not suggested, not even as a
    // close spelling, until the index has read it.
    await insertHome(t.db, { location: 'Quixotown, Testland' });
    expect(await names('Quixotwn')).toEqual([]);
    t.clock.advance(MAX_AGE_MS);
    expect(await names('Quixotwn')).toEqual(['Quixotown, Testland (1)']);
    expect(await names('Quixotwn')).toEqual(await fromDatabase('Quixotwn'));
  });

  it('offers a new place at once after a write through this process', async () => {
    const host = await signInAs(t.app, 'host');
    expect(await names('Freshtown')).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/homes',
      headers: host.headers,
      payload: {
        location: 'Freshtown, Testland',
        title: 'New flat',
        from: '2026-12-01',
        to: '2027-03-01',
        price: 80,
        total_guest: 2,
        bedrooms: 1,
        bathrooms: 1,
        description: 'Just listed.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await names('Freshtown')).toEqual(['Freshtown, Testland (1)']);
  });

  it(`sees a write through another process within PLACES_MAX_AGE_MS (${MAX_AGE_MS} ms here)`, async () => {
    const before = ['Lisbon, Portugal (3)', 'Old Lisbon Quarter, Portugal (1)'];
    expect(await names('Lisbon')).toEqual(before);
    // Written straight to the database, as another process or a script would.
    const home = await insertHome(t.db, { location: 'Lisbonia, Testland' });
    await insertHome(t.db, { location: 'Lisbon, Portugal' });
    expect(await names('Lisbon')).toEqual(before);
    t.clock.advance(MAX_AGE_MS - 1);
    expect(await names('Lisbon')).toEqual(before);
    t.clock.advance(1);
    const after = ['Lisbon, Portugal (4)', 'Old Lisbon Quarter, Portugal (1)', 'Lisbonia, Testland (1)'];
    expect(await names('Lisbon')).toEqual(after);
    expect(after).toEqual(await fromDatabase('Lisbon'));
    // And forgets it once its last home is gone, when the age has passed again.
    await t.db.delete(homes).where(eq(homes.id, home.id));
    expect(await names('Lisbon')).toEqual(after);
    t.clock.advance(MAX_AGE_MS);
    expect(await names('Lisbon')).toEqual(['Lisbon, Portugal (4)', 'Old Lisbon Quarter, Portugal (1)']);
  });
});
