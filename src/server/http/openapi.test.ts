import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { operationIdOf } from './openapi';

const t = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'stayhub-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function document() {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as { paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>> };
}

describe('OpenAPI document', () => {
  it('passes redocly lint with the recommended rules and no error', { timeout: 120_000 }, async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(await document()));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    // cwd: the temp dir, so no redocly.yaml of ours or a parent changes the rules; no telemetry, no update check.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--extends=recommended', '--format=json'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // Every operation has an id (a generated client names its functions after them) and says who may call it.
    const operations = Object.values((await document()).paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBeGreaterThan(50);
    expect(report.problems.filter((p) => p.ruleId === 'operation-operationId')).toEqual([]);
    for (const operation of operations) expect(operation.security).toBeInstanceOf(Array);
  });

  it('names operations from their method and path', async () => {
    expect(operationIdOf('get', '/api/home/{id}/calendar-imports')).toBe('getHomeByIdCalendarImports');
    expect(operationIdOf('get', '/api/calendar/{token}.ics')).toBe('getCalendarByTokenIcs');
    const doc = await document();
    expect(doc.paths['/api/home/{id}']?.get?.operationId).toBe('getHomeById');
    expect(doc.paths['/api/homes/{id}']?.delete?.operationId).toBe('deleteHomesById');
    // A public read needs no session; a guest's bookings do (cookie or bearer token). One home takes
    // one if there is one (its exact point, issue 29).
    expect(doc.paths['/api/geocode']?.get?.security).toEqual([]);
    expect(doc.paths['/api/home/{id}']?.get?.security).toEqual([{}, { sessionCookie: [] }, { bearerToken: [] }]);
    expect(doc.paths['/api/bookings']?.get?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  });

  it('generates a typed client that type-checks a call, and rejects a wrong one', { timeout: 120_000 }, async () => {
    const types = astToString(await openapiTS(JSON.stringify(await document())));
    writeFileSync(join(dir, 'api.ts'), types);
    const call = join(dir, 'call.ts');
    writeFileSync(
      call,
      `import type { paths } from './api';
type Op = paths['/api/home/{id}']['get'];
type Home = Op['responses'][200]['content']['application/json'];
async function homeById(params: Op['parameters']): Promise<Home> {
  const res = await fetch(\`/api/home/\${encodeURIComponent(params.path.id)}\`);
  return (await res.json()) as Home;
}
export async function title(id: string): Promise<string> {
  const home = await homeById({ path: { id } });
  const price: number = home.price;
  // @ts-expect-error the id is a string
  await homeById({ path: { id: 1 } });
  // @ts-expect-error a home has no such field
  void home.nightlyRate;
  return \`\${home.title} \${price}\`;
}
`,
    );
    const program = ts.createProgram([call], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });
});

describe('docs page', () => {
  it('serves Swagger UI whose scripts and styles all come from the app, under its usual CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The same policy as every answer (no inline script, scripts from 'self' only): nothing relaxed for the docs.
    const appPolicy = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'];
    expect(appPolicy).toMatch(/script-src 'self'/);
    expect(res.headers['content-security-policy']).toBe(appPolicy);
    const html = res.body;
    expect(html).toContain('<div id="swagger-ui">');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const assets = [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      // Relative to the page: no CDN, no other host.
      expect(asset).not.toMatch(/^(?:[a-z]+:)?\/\//i);
      const url = new URL(asset, 'http://localhost/api/docs').pathname;
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-security-policy']).toBe(appPolicy);
    }
    // The UI loads the document from the app too.
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
    expect(init.body).toContain('validatorUrl: null');
  });
});
