/**
 * The pages as routes (ADR 0042): the not-found page is compressed like every other page, and every
 * page served, client-rendered ones (the app shell) included, is named by its route in the metrics.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { TEXTS } from '#shared/texts';
import { createMetrics, serveMetrics } from '#server/metrics';
import { useTestApp } from '#server/test/test-app';

// A built client as the server reads it: index.html and its asset tags.
const clientDir = mkdtempSync(join(tmpdir(), 'stayhub-pages-'));
writeFileSync(
  join(clientDir, 'index.html'),
  `<!doctype html><html lang="en"><head><title>x</title>
  <script type="module" crossorigin src="/assets/index-abc.js"></script>
  <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head><body><div id="root"></div></body></html>`,
);
writeFileSync(join(clientDir, 'expdata.json'), '[]');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const metrics = createMetrics();
const t = useTestApp(() => ({ clientDir, metrics }));
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the not-found page', () => {
  it('is compressed by @fastify/compress in the encoding the browser accepts, as a 404', async () => {
    const gzip = await get('/no/such/page', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-type']).toMatch(/^text\/html/);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(gzip.rawPayload).toString();
    // Over the 1 KiB threshold below which nothing is compressed.
    expect(Buffer.byteLength(html)).toBeGreaterThan(1024);
    expect(html).toContain(TEXTS.wrongPath);
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);

    const br = await get('/dashboard/nowhere/at/all', { 'accept-encoding': 'br' });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([404, 'br']);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(TEXTS.wrongPath);

    const plain = await get('/no/such/page');
    expect([plain.statusCode, plain.headers['content-encoding']]).toEqual([404, undefined]);
    expect(plain.body).toContain(TEXTS.wrongPath);
  });

  it('leaves what is no page a JSON 404: a missing file, an unknown API path, another method', async () => {
    for (const [method, url] of [
      ['GET', '/assets/index-old.js'],
      ['GET', '/api/nothing-here'],
      ['POST', '/no/such/page'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: { code: string } }>().error.code, url).toBe('not_found');
    }
  });
});

describe('the metrics', () => {
  it('name every page by its route, the app shell’s pages too; nothing is unmatched', async () => {
    for (const url of ['/dashboard/my-booking', '/dashboard/messages/abc-123', '/login?from=%2F', '/all-home']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
    }
    await get('/no/such/page');
    await get('/api/nothing-here');
    // Read as the operator does: the metrics endpoint, on its own port.
    const server = await serveMetrics(metrics.registry, '127.0.0.1', 0);
    let text = '';
    try {
      text = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`)).text();
    } finally {
      await new Promise((r) => server.close(r));
    }
    const counted = (route: string, status: number) =>
      new RegExp(`_count\\{method="GET",route="${route.replace(/[*]/g, '\\*')}",status_code="${status}"\\} [1-9]`).test(
        text,
      );
    expect(counted('/dashboard/my-booking', 200)).toBe(true);
    expect(counted('/dashboard/messages/:id', 200)).toBe(true);
    expect(counted('/login', 200)).toBe(true);
    expect(counted('/all-home', 200)).toBe(true);
    // The catch-all not-found page is the client's `*` route; what is no page stays `not_found`.
    expect(counted('/*', 404)).toBe(true);
    expect(counted('not_found', 404)).toBe(true);
    expect(text).not.toContain('route="unmatched"');
  });
});
