import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one', () => {
    expect(plural(1, 'bathroom')).toBe('1 bathroom');
    expect(plural(1, 'night')).toBe('1 night');
  });

  it('uses the plural for zero, several and fractions', () => {
    expect(plural(0, 'guest')).toBe('0 guests');
    expect(plural(3, 'bedroom')).toBe('3 bedrooms');
    expect(plural(1.5, 'bathroom')).toBe('1.5 bathrooms');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'file was', 'files were')).toBe('1 file was');
    expect(plural(2, 'file was', 'files were')).toBe('2 files were');
  });
});
