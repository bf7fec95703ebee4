import { describe, expect, it } from 'vitest';
import { normalizeEmail, sameEmail } from './emails';

describe('emails', () => {
  it('compares addresses without case or surrounding spaces', () => {
    expect(sameEmail('Host@Example.com', ' host@example.com ')).toBe(true);
    expect(normalizeEmail('  A@B.CO ')).toBe('a@b.co');
  });

  it('tells different addresses apart', () => {
    expect(sameEmail('host@example.com', 'host2@example.com')).toBe(false);
    expect(sameEmail('host@example.com', 'host@example.org')).toBe(false);
  });
});
