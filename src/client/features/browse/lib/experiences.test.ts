import { afterEach, describe, expect, it, vi } from 'vitest';
import expdata from '#client/public/expdata.json';
import { isExperience } from '#shared/experiences';
import { fetchExperiences } from './experiences';

afterEach(() => vi.unstubAllGlobals());

describe('experiences', () => {
  it('the shipped expdata.json has at least 8 well-formed experiences', () => {
    expect(expdata.length).toBeGreaterThanOrEqual(8);
    expect(expdata.every(isExperience)).toBe(true);
  });

  it('answers the first 4 and refuses a file in another shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(expdata))),
    );
    expect((await fetchExperiences()).map((e) => e.title)).toEqual(expdata.slice(0, 4).map((e) => e.title));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([{ title: 'no image' }]))),
    );
    await expect(fetchExperiences()).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
