import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectConsoleError } from '#shared/test/fail-on-console-error';
import { useTestApp } from '../../test/test-app';

const clientDir = mkdtempSync(join(tmpdir(), 'stayhub-ssr-errors-'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const t = useTestApp(() => ({ clientDir }));

describe('a public page whose data cannot be read', () => {
  it('answers 500 with the error page, never cached, and no internals in the page', async () => {
    // The database loses the homes table: every read of a home fails.
    await t.db.execute(sql`alter table homes rename to homes_gone`);
    // The root error boundary logs the error in development (Vitest sets import.meta.env.DEV), once per page.
    expectConsoleError(2);
    try {
      for (const url of ['/all-home', '/details/00000000-0000-4000-8000-000000000000']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.body).toContain('Something went wrong');
        expect(res.body).not.toMatch(/homes_gone|relation|select /i);
      }
    } finally {
      await t.db.execute(sql`alter table homes_gone rename to homes`);
    }
  });
});
