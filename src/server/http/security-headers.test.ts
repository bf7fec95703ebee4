/**
 * Issue 24: Permissions-Policy on every answer; Strict-Transport-Security only when the site's
 * PUBLIC_URL is https (the app speaks plain HTTP behind the proxy, so the request cannot tell).
 * Issue 26: the headers come from @fastify/helmet now (ADR 0044); the exact values every answer
 * carried before are pinned here, so the swap can only add headers, never weaken one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../test/test-app';
import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

const URLS = ['/api/health', '/api/homes', '/api/nothing-here', '/robots.txt'];

/** The values sent before helmet (issue 24), byte for byte. */
const BEFORE = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
    'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    "connect-src 'self' https://api.stripe.com",
    "worker-src 'self' blob:",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';'),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** What helmet adds on top: each makes the browser stricter, none loosens a policy above. */
const ADDED = {
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('every answer', () => {
  const t = useTestApp(() => ({ config: testConfig({ publicUrl: 'http://localhost:3000' }) }));

  it("carries the same CSP, X-Frame-Options, nosniff and Referrer-Policy as before, plus helmet's other defaults", async () => {
    for (const url of [...URLS, '/api/auth/get-session', '/api/../etc/passwd']) {
      const res = await t.app.inject({ method: 'GET', url });
      // Directives may be spaced differently (";" vs "; "); their order and contents are the same.
      const csp = String(res.headers['content-security-policy']).replaceAll('; ', ';');
      expect({ ...res.headers, 'content-security-policy': csp }, url).toMatchObject({ ...BEFORE, ...ADDED });
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('on an https site', () => {
  const t = useTestApp(() => ({ config: testConfig({ publicUrl: 'https://stayhub.example' }) }));

  it('every answer carries HSTS for a year with subdomains, and the Permissions-Policy', async () => {
    for (const url of URLS) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      const policy = String(res.headers['permissions-policy']);
      for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()', 'serial=()', 'hid=()'])
        expect(policy, url).toContain(denied);
      // Stripe's frames may still run the Payment Request API (wallet buttons); nobody else.
      expect(policy, url).toContain('payment=(self "https://js.stripe.com")');
    }
  });
});

describe('on a plain http site', () => {
  const t = useTestApp(() => ({ config: testConfig({ publicUrl: 'http://localhost:3000' }) }));

  it('sends no HSTS (it would pin a site that has no https), and still the Permissions-Policy', async () => {
    for (const url of URLS) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(String(res.headers['permissions-policy']), url).toContain('camera=()');
    }
  });
});

describe('the deploy examples', () => {
  it("send the app's Permissions-Policy and HSTS values (they replace the app's copy)", () => {
    const nginx = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');
    expect(nginx).toContain(`add_header Permissions-Policy '${PERMISSIONS_POLICY}' always;`);
    expect(nginx).toContain(`add_header Strict-Transport-Security "${STRICT_TRANSPORT_SECURITY}" always;`);
    const caddy = readFileSync(new URL('../../../deploy/Caddyfile', import.meta.url), 'utf8');
    expect(caddy).toContain(`Permissions-Policy \`${PERMISSIONS_POLICY}\``);
    expect(caddy).toContain(`Strict-Transport-Security "${STRICT_TRANSPORT_SECURITY}"`);
  });
});
