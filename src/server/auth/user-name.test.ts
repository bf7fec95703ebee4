import { describe, expect, it } from 'vitest';
import { nameFromProfile, nameProblem } from './user-name';

describe('user names', () => {
  it('nameProblem accepts one line of 1..100 characters without a link', () => {
    expect(nameProblem('Zoë 👩‍👩‍👧 O’Neil')).toBeNull();
    expect(nameProblem('x'.repeat(100))).toBeNull();
    expect(nameProblem('x'.repeat(101))).toMatch(/at most 100/);
    expect(nameProblem('a\nb')).toMatch(/single line/);
    expect(nameProblem('a\u202Eb')).toMatch(/single line/);
    expect(nameProblem('go to ftp://x')).toMatch(/web address/);
    expect(nameProblem('')).toMatch(/Enter your name/);
  });

  it('nameFromProfile turns a provider name into a valid one, else the fallback', () => {
    expect(nameFromProfile('Ana\r\nhttps://evil.example', 'ana')).toBe('Ana https evil.example');
    expect(nameFromProfile('y'.repeat(300), 'ana')).toBe('y'.repeat(100));
    expect(nameFromProfile(undefined, 'ana')).toBe('ana');
    expect(nameFromProfile('  ', '')).toBe('Guest');
  });
});
