import pg from 'pg';
import { serialize } from 'pg-protocol';
import type { Db } from './client';

/**
 * A read on the PostgreSQL pool that costs about half the Node CPU of a Drizzle prepared
 * query (ADR 0024). Measured at 1,000,000 homes (one home, 50 in flight, pool of 10): 45 µs of
 * Node CPU per query through Drizzle/pg, 24 µs this way. What it leaves out:
 * - no Describe message per run: pg's Query asks PostgreSQL to describe the result on every
 *   execution, then builds a type parser per column and a row object from that description.
 *   The statement's columns are fixed (we wrote the SQL), so `toRow` reads the text fields
 *   by position.
 * - no Query/Result objects, no copied query config, no per-query promise wrappers; Parse (once
 *   per connection), Bind, Execute and Sync go out as one buffer in one write.
 *
 * It is pg's documented extension point (`client.query(submittable)`, as pg-cursor uses):
 * the connection hands each backend message of this statement to the handle* methods, and
 * the pool releases the connection when the callback runs. Values are sent as text; every
 * field comes back as text (or null) exactly as PostgreSQL prints it.
 */
export type TextRow = (string | null)[];

class LeanRead<R> {
  /** Set by pg's pool (its own callback that releases the connection, then ours). */
  callback?: (err: Error | null, rows?: R[]) => void;
  private readonly rows: R[] = [];
  private error: Error | null = null;

  constructor(
    private readonly name: string,
    private readonly text: string,
    private readonly values: (string | null)[],
    private readonly toRow: (fields: TextRow) => R,
  ) {}

  /** pg's Client calls this when the connection is free for the statement. */
  submit(connection: {
    stream: { write(chunk: Buffer): boolean };
    parsedStatements: Record<string, string>;
    submittedNamedStatements: Record<string, string>;
  }): null {
    const parts: Buffer[] = [];
    // Parsed once per connection, as pg does for a named statement (same bookkeeping, so pg's
    // error handling forgets a statement whose Parse failed).
    const known = connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name];
    if (known === undefined) {
      parts.push(serialize.parse({ name: this.name, text: this.text, types: [] }));
      connection.submittedNamedStatements[this.name] = this.text;
    } else if (known !== this.text) {
      throw new Error(`statement ${this.name} was prepared with other text`);
    }
    parts.push(serialize.bind({ statement: this.name, values: this.values }), serialize.execute({}), serialize.sync());
    connection.stream.write(Buffer.concat(parts));
    return null;
  }

  handleDataRow(msg: { fields: TextRow }): void {
    if (this.error) return;
    try {
      this.rows.push(this.toRow(msg.fields));
    } catch (err) {
      this.error = err instanceof Error ? err : new Error(String(err));
    }
  }

  /** A statement error or a broken connection: pg has already let go of this statement, so no ReadyForQuery follows. */
  handleError(err: Error): void {
    this.error = err;
    this.finish();
  }

  handleReadyForQuery(): void {
    this.finish();
  }

  private finish(): void {
    const callback = this.callback;
    this.callback = undefined;
    callback?.(this.error, this.error ? undefined : this.rows);
  }

  // Messages this statement does not expect (no Describe, no COPY); nothing to do.
  handleRowDescription(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}
}

/** The pg pool behind a Drizzle handle, or null (PGlite, or a transaction: those read through Drizzle). */
export function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** Runs named statement `text` with text `values` on a pooled connection; one `toRow` per row. */
export function leanRead<R>(
  pool: pg.Pool,
  name: string,
  text: string,
  values: (string | null)[],
  toRow: (fields: TextRow) => R,
): Promise<R[]> {
  return new Promise((resolve, reject) => {
    const read = new LeanRead(name, text, values, toRow);
    // pg-pool passes its callback on to the submittable (client.query(submittable, cb)).
    void pool.query(
      read as unknown as pg.QueryConfig,
      ((err: Error | null, rows?: R[]) => (err ? reject(err) : resolve(rows ?? []))) as never,
    );
  });
}

/** pg's own parser for timestamptz, as a pg query would use it. */
const parseInstant = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (v: string) => Date;

/** Field readers for PostgreSQL's text output. */
export const text = {
  int: (v: string | null): number => Number(v),
  /** timestamptz as PostgreSQL prints it (`2026-11-23 12:00:00.123+00`, any session time zone). */
  instant: (v: string): Date => parseInstant(v),
};
