import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { postHome, validHome } from '../test/homes';
import { signInAs, useTestApp, type SignedIn } from '../test/test-app';

/** Everything the app logs, as parsed JSON lines. */
const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});

const t = useTestApp(() => ({ logger: { level: 'info', stream: logStream } }));
let host: SignedIn;

// Rules the validation does not know, added to this file's own database: a real check, a real
// unique index, and a trigger that raises the SQLSTATE a title names (for the other kinds).
beforeAll(async () => {
  host = await signInAs(t.app, 'host');
  await t.db.execute(
    sql.raw(`alter table homes add constraint homes_test_title_check check (title <> 'Refused by a check') not valid`),
  );
  await t.db.execute(
    sql.raw(`create unique index homes_test_title_unique on homes (title) where title like 'Only once%'`),
  );
  await t.db.execute(
    sql.raw(`create function homes_test_raise() returns trigger language plpgsql as $$
      begin
        if new.title like 'Raise %' then
          raise exception 'refused %', new.title using errcode = substr(new.title, 7, 5);
        end if;
        return new;
      end $$`),
  );
  await t.db.execute(
    sql.raw(`create trigger homes_test_raise before insert on homes for each row execute function homes_test_raise()`),
  );
});

describe('a write the database refuses answers 4xx, never 500', () => {
  it.each([
    ['a check constraint (23514)', 'Refused by a check', 400, 'invalid_value'],
    ['a foreign key (23503)', 'Raise 23503', 409, 'conflict'],
    ['an exclusion constraint (23P01)', 'Raise 23P01', 409, 'conflict'],
    ['a NOT NULL column (23502)', 'Raise 23502', 400, 'invalid_value'],
    ['a number out of range (22003)', 'Raise 22003', 400, 'invalid_value'],
  ] as const)('%s (title %s) -> %i %s', async (_name, title, status, code) => {
    logLines.length = 0;
    const res = await postHome(t.app, { ...validHome(), title }, host);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toEqual({ code, message: expect.any(String) });
    // Neither the SQL nor the rule's name nor the values reach the client.
    expect(res.body).not.toMatch(/homes|insert|constraint|refused|Raise/i);
    expect(logLines.some((l) => l.level >= 50)).toBe(false);
    expect(logLines.find((l) => l.msg === 'database refused the request')).toMatchObject({ level: 40 });
  });

  it('a unique key (23505) -> 409 already_exists', async () => {
    const first = await postHome(t.app, { ...validHome(), title: 'Only once, please' }, host);
    expect(first.statusCode).toBe(200);
    logLines.length = 0;
    const again = await postHome(t.app, { ...validHome(), title: 'Only once, please' }, host);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'already_exists', message: 'This already exists.' });
    expect(again.body).not.toMatch(/homes_test_title_unique|Only once/);
    expect(JSON.stringify(logLines)).not.toContain('Only once');
    expect(logLines.some((l) => l.level >= 50)).toBe(false);
  });

  it('another database error is still a 500, logged as an error', async () => {
    logLines.length = 0;
    const res = await postHome(t.app, { ...validHome(), title: 'Raise 42P01' }, host);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    expect(logLines.find((l) => l.msg === 'request failed')).toMatchObject({ level: 50 });
  });
});
