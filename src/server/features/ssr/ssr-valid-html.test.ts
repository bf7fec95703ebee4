import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import vnuJar from 'vnu-jar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking, insertHome, insertReview, insertUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// Every public page, as the server renders it, passes the W3C Nu Html Checker (issue 25 item 11):
// the same checker validator.w3.org/nu runs, from the vnu-jar package, on the machine's Java.

const dir = mkdtempSync(join(tmpdir(), 'stayhub-valid-html-'));
const clientDir = join(dir, 'client');
const pagesDir = join(dir, 'pages');
mkdirSync(clientDir);
mkdirSync(pagesDir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A built client as the server reads it: index.html's asset tags and the experiences file.
writeFileSync(
  join(clientDir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>StayHub</title>
  <script type="module" crossorigin src="/assets/index-abc.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
  <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head><body><div id="root"></div></body></html>`,
);
writeFileSync(
  join(clientDir, 'expdata.json'),
  JSON.stringify([{ image: '/experiences/a-1280.webp', title: 'Surf lesson', location: 'Ericeira', price: 45 }]),
);

const t = useTestApp(() => ({ clientDir }));

let homeId = '';
beforeAll(async () => {
  const home = await insertHome(t.db, { title: 'Blue door cottage', location: 'Lisbon, Portugal' });
  homeId = home.id;
  const guest = await insertUser(t.db, { name: 'Marta Reviewer' });
  // A booked stay: the details page's calendar shows booked nights beside free ones.
  const stay = await insertBooking(t.db, home, { guestId: guest.id, guestEmail: guest.email });
  await insertReview(t.db, stay, { text: 'The fig tree shades the terrace all afternoon.', overall: 4 });
  await insertHome(t.db, { title: 'Older flat', location: 'Porto, Portugal' });
});

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once on every file (one Java start); its messages as JSON. */
async function check(files: string[]): Promise<VnuMessage[]> {
  const run = promisify(execFile);
  // vnu exits 1 when it reports an error; its JSON report is on stderr either way.
  const result = await run('java', ['-jar', vnuJar, '--format', 'json', ...files], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: number }) => {
    if (typeof error.stderr !== 'string' || !error.stderr.startsWith('{')) throw error;
    return { stderr: error.stderr };
  });
  return (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
}

describe('public pages are valid HTML', () => {
  it('passes the Nu Html Checker on every server-rendered public page', { timeout: 120_000 }, async () => {
    const pages = {
      home: '/',
      'all-home': '/all-home',
      details: `/details/${homeId}`,
      searchresult: '/searchresult?location=Lisbon',
      terms: '/terms',
      'coming-soon': '/coming-soon',
      'not-found': '/no-such-page',
    };
    const files: string[] = [];
    for (const [name, url] of Object.entries(pages)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const file = join(pagesDir, `${name}.html`);
      writeFileSync(file, res.body);
      files.push(file);
    }
    const problems = (await check(files))
      // Errors make a page invalid; the checker's warnings and notes are advice (a review card's
      // article has no heading of its own, on purpose: its author is not a section title).
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => `${m.url.split('/').pop()}:${m.lastLine ?? '?'} ${m.type}: ${m.message} — ${m.extract ?? ''}`);
    expect(problems).toEqual([]);
  });
});
