import { describe, expect, it } from 'vitest';
import { parseSearchMatch } from '#client/lib/api';
import { placeHeading } from './place-heading';

describe('placeHeading', () => {
  it('names the closest spelling’s city when one was searched instead', () => {
    expect(placeHeading('Lisbn', { query: 'Lisbn', place: 'Lisbon, Portugal', kind: 'close' })).toBe('Lisbon');
  });

  it('writes a city typed in other case as the place does, and keeps any other text as typed', () => {
    expect(placeHeading('porto', { query: 'porto', place: 'Porto, Portugal', kind: 'exact' })).toBe('Porto');
    expect(placeHeading('Portugal', { query: 'Portugal', place: 'Porto, Portugal', kind: 'exact' })).toBe('Portugal');
    expect(placeHeading('Qwxz', { query: 'Qwxz', place: null, kind: 'none' })).toBe('Qwxz');
    expect(placeHeading('Porto', null)).toBe('Porto');
  });
});

describe('parseSearchMatch', () => {
  it('reads the percent-encoded JSON of the Search-Match header', () => {
    const match = { query: 'Lisbn', place: 'Lisbon, Portugal', kind: 'close' };
    expect(parseSearchMatch(encodeURIComponent(JSON.stringify(match)))).toEqual(match);
  });

  it('treats a missing or unreadable header as no information', () => {
    expect(parseSearchMatch(null)).toBeNull();
    expect(parseSearchMatch('%E0%A4%A')).toBeNull();
    expect(parseSearchMatch(encodeURIComponent('{"query":"x","kind":"nearby"}'))).toBeNull();
  });
});
