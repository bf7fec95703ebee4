import pg from 'pg';
import type { Db } from './client';

/**
 * A read on the PostgreSQL pool that costs about half the Node CPU of a Drizzle prepared
 * query (ADR 0024, ADR 0038). Measured at 1,000,000 homes (one home, 50 in flight, pool of 10):
 * 45 µs of Node CPU per query through Drizzle/pg, 24 µs this way. What it leaves out:
 * - no Describe message per run: pg's Query asks PostgreSQL to describe the result on every
 *   execution, then builds a type parser per column and a row object from that description.
 *   The statement's columns are fixed (we wrote the SQL), so `toRow` reads the text fields
 *   by position.
 * - no Query/Result objects, no copied query config, no per-query promise wrappers.
 *
 * Only pg's public surface: a **Submittable** (`client.query(submittable)`, the extension point
 * pg-cursor and pg-query-stream are built on) talking to the connection through its message
 * methods (`parse`, `bind`, `execute`, `sync`, `close`), as pg-cursor does. Which statements a
 * connection has parsed is our own bookkeeping (a WeakMap per connection), not pg's. Values are
 * sent as text; every field comes back as text (or null) exactly as PostgreSQL prints it.
 */
export type TextRow = (string | null)[];

/** The part of pg's Connection a submittable uses (pg-cursor uses the same methods). */
interface PgConnection {
  parse(query: { name: string; text: string; types: number[] }): void;
  bind(config: { statement: string; values: (string | null)[] }): void;
  execute(config: object): void;
  sync(): void;
  close(msg: { type: 'S'; name: string }): void;
  /** A Node socket: corked while the messages are queued, as pg's own Query does, so they go out in one write. */
  stream?: { cork?(): void; uncork?(): void };
}

/** Statement name → text, per connection: what this connection has been asked to parse. */
const prepared = new WeakMap<object, Map<string, string>>();

class LeanRead<R> {
  /** Set by pg's pool (its own callback that releases the connection, then ours). */
  callback?: (err: Error | null, rows?: R[]) => void;
  private readonly rows: R[] = [];
  private error: Error | null = null;
  private statements: Map<string, string> | null = null;

  constructor(
    private readonly statement: string,
    private readonly sql: string,
    private readonly values: (string | null)[],
    private readonly toRow: (fields: TextRow) => R,
  ) {}

  /** pg's Client calls this when the connection is free for the statement. */
  submit(connection: PgConnection): null {
    let statements = prepared.get(connection);
    if (!statements) prepared.set(connection, (statements = new Map()));
    this.statements = statements;
    const known = statements.get(this.statement);
    if (known !== undefined && known !== this.sql)
      throw new Error(`statement ${this.statement} was prepared with other text`);
    connection.stream?.cork?.();
    try {
      if (known === undefined) {
        // Close first: a Parse that failed after a Bind error may or may not have left the
        // statement behind, and closing a statement that does not exist is not an error.
        connection.close({ type: 'S', name: this.statement });
        connection.parse({ name: this.statement, text: this.sql, types: [] });
        statements.set(this.statement, this.sql);
      }
      connection.bind({ statement: this.statement, values: this.values });
      connection.execute({});
      connection.sync();
    } finally {
      connection.stream?.uncork?.();
    }
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
    // Parse again (after a Close) next time: the error may have been the Parse's.
    this.statements?.delete(this.statement);
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

/** The pool of generic-plan connections beside a Drizzle handle's own (openPostgres, ADR 0077). */
const genericPlanPools = new WeakMap<object, pg.Pool>();

export function setGenericPlanPool(db: Db, pool: pg.Pool): void {
  genericPlanPools.set(db, pool);
}

/**
 * How PostgreSQL plans a statement's runs: `auto` (its default: custom plans for the values while
 * they look cheaper than the generic one), or `generic`: planned once per connection, on
 * connections whose plan_cache_mode is force_generic_plan (ADR 0077). Only for statements whose
 * generic plan is the one they were written for.
 */
export type PlanMode = 'auto' | 'generic';

/** The pg pool a lean read of `plans` uses, or null (PGlite, or a transaction: those read through Drizzle). */
export function poolOf(db: Db, plans: PlanMode = 'auto'): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return (plans === 'generic' && genericPlanPools.get(db)) || client;
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
