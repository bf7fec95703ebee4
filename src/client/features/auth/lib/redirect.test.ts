import { describe, expect, it } from 'vitest';
import { redirectTarget, safeLocalPath, withFrom } from './redirect';

describe('safeLocalPath', () => {
  it('keeps paths on this site with their query and hash', () => {
    expect(safeLocalPath('/dashboard/my-booking')).toBe('/dashboard/my-booking');
    expect(safeLocalPath('/searchresult?location=Rome#top')).toBe('/searchresult?location=Rome#top');
    expect(safeLocalPath({ pathname: '/chackout', search: '?x=1', hash: '' })).toBe('/chackout?x=1');
  });

  it('refuses other origins and odd forms', () => {
    for (const value of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'dashboard',
      '',
      'javascript:alert(1)',
      '/a\u0000b',
      null,
      42,
      {},
    ]) {
      expect(safeLocalPath(value)).toBeNull();
    }
  });

  it('never returns to an auth page (no login loop)', () => {
    expect(safeLocalPath('/login')).toBeNull();
    expect(safeLocalPath('/register?from=/x')).toBeNull();
    expect(safeLocalPath('/reset-password?token=abc')).toBeNull();
  });
});

describe('redirectTarget', () => {
  it('prefers router state, then ?from=, then /', () => {
    expect(redirectTarget({ from: { pathname: '/dashboard' } }, '?from=%2Fchackout')).toBe('/dashboard');
    expect(redirectTarget(null, '?from=%2Fchackout')).toBe('/chackout');
    expect(redirectTarget({ from: 'https://evil.test' }, '?from=https%3A%2F%2Fevil.test')).toBe('/');
    expect(redirectTarget(undefined, '')).toBe('/');
  });
});

describe('withFrom', () => {
  it('adds the origin as a query unless it is the home page', () => {
    expect(withFrom('/login', '/dashboard/alluser')).toBe('/login?from=%2Fdashboard%2Falluser');
    expect(withFrom('/register', '/')).toBe('/register');
  });
});
