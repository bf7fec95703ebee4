import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { insertHome } from './test/factories';
import { useTestApp } from './test/test-app';

const clientDir = mkdtempSync(join(tmpdir(), 'stayhub-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html lang="en"><title>StayHub</title></html>');
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), script);
writeFileSync(join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const t = useTestApp(() => ({ clientDir }));

describe('serving the built client', () => {
  it('sends hashed assets pre-compressed and cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('answers client routes with the app shell, never cached, for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      // (The public pages are rendered on the server: features/ssr.)
      const res = await t.app.inject({ method, url: '/dashboard/my-booking?x=1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    for (const url of ['/assets/app-old999.js', '/missing.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/text\/html/);
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' https://js.stripe.com",
      'frame-src https://js.stripe.com',
      'https://hooks.stripe.com',
      "connect-src 'self' https://api.stripe.com",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  };

  it('are sent with the app shell, client routes and assets', async () => {
    for (const url of ['/dashboard', '/terms', '/assets/app-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers);
    }
  });

  it('are sent with API answers, errors included', async () => {
    for (const url of ['/api/homes', '/api/auth-config', '/api/nothing-here', '/api/auth/get-session']) {
      expectSecurityHeaders((await t.app.inject({ method: 'GET', url })).headers);
    }
  });

  it('are sent with an anonymous read of one home, with its request id, and with refusals by the edge hooks (dot-segments: sign-in-throttle.test.ts, over a raw socket)', async () => {
    const home = await insertHome(t.db, {});
    const ok = await t.app.inject({ method: 'GET', url: `/api/home/${home.id}` });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers);
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = [
      await t.app.inject({ method: 'GET', url: '/api/homes?location=a%00b' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/homes',
        headers: { origin: 'https://evil.example' },
        payload: {},
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 403]);
    for (const res of refused) {
      expectSecurityHeaders(res.headers);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('API responses', () => {
  it('are compressed when the client accepts it and the body is large', async () => {
    for (let i = 0; i < 5; i++) await insertHome(t.db, { location: 'Gzipville' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/homes?location=Gzipville',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveLength(5);
  });
});
