/**
 * Issue 24: Permissions-Policy on every answer; Strict-Transport-Security only when the site's
 * PUBLIC_URL is https (the app speaks plain HTTP behind the proxy, so the request cannot tell).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../test/test-app';
import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

const URLS = ['/api/health', '/api/homes', '/api/nothing-here', '/robots.txt'];

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
