/**
 * The bench's page-weight part: the gzip size of the JavaScript `/` loads, from the built
 * index.html (entry script and modulepreloads) and from what a real Chromium fetches.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const clientDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist', 'client');

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export interface JsMeasure {
  measured: boolean;
  reason?: string;
  files?: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes?: number;
  gzipKiB?: number;
}

export function measureStaticJs(): JsMeasure {
  const index = join(clientDir, 'index.html');
  if (!existsSync(index)) return { measured: false, reason: 'no dist/client/index.html' };
  const html = readFileSync(index, 'utf8');
  const refs = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (/\btype="module"/.test(tag) && src) refs.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (/\brel="modulepreload"/.test(tag) && href) refs.add(href);
  }
  if (!refs.size) return { measured: false, reason: 'no module script in dist/client/index.html' };
  const files = [...refs].map((ref) => {
    const data = readFileSync(join(clientDir, ref.replace(/^\//, '')));
    return { file: ref, bytes: data.length, gzipBytes: gzipSync(data).length };
  });
  const gzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
  return { measured: true, files, gzipBytes, gzipKiB: kib(gzipBytes) };
}

/** Every script Chromium fetches while loading `/` (entry, preloads and the lazy route chunk). */
export async function measureBrowserJs(base: string, served: boolean): Promise<JsMeasure> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!served) return { measured: false, reason: 'the built client is not served' };
  if (!existsSync(executablePath)) return { measured: false, reason: `no Chromium at ${executablePath}` };
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Promise<Buffer | null>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.set(
          new URL(res.url()).pathname,
          res.body().catch(() => null),
        );
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const files: NonNullable<JsMeasure['files']> = [];
    for (const [file, body] of scripts) {
      const data = await body;
      if (data) files.push({ file, bytes: data.length, gzipBytes: gzipSync(data).length });
    }
    const gzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
    return { measured: true, files, gzipBytes, gzipKiB: kib(gzipBytes) };
  } catch (err) {
    return { measured: false, reason: `browser load failed: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    await browser.close();
  }
}
