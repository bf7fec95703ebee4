/**
 * Drizzle's migrator applies a migration only when its journal time (`when`) is later than the
 * last applied one's, so a migration generated with an earlier time than the one before it is
 * skipped, without an error, on every database that already has that one: it would reach new
 * databases (and the tests) only. drizzle-kit writes the machine's clock there, and 0050's was
 * ahead of the clock when 0051 was generated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(join(DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it('gives every migration a later time than the one before it', () => {
    const late = journal.entries.filter((entry, i) => i > 0 && entry.when <= journal.entries[i - 1]!.when);
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });

  it('lists every migration file once, in order', () => {
    const files = readdirSync(DIR)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_, i) => i));
  });
});
