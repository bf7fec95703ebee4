/**
 * The SQL copy of a Home is generated: home-api-json.sql must be what db/home-json-fields.ts writes
 * from homeSchema and the homes table (sql-definitions.test.ts then ties the file to the migrations,
 * and home-api-json.test.ts the stored JSON to toHome, byte for byte).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns, type Column } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { homeJson } from './home-json-fields';
import { homes } from './schema';

const columns = getTableColumns(homes) as Record<string, Column>;

describe('home_api_json, generated from homeSchema', () => {
  it('is the text of src/server/db/sql/home-api-json.sql (npm run db:home-json writes it)', () => {
    expect(readFileSync(join(import.meta.dirname, 'sql/home-api-json.sql'), 'utf8')).toBe(
      homeJson(columns).functionSql,
    );
  });

  it('is what the homes.api_json column computes, with every column a Home reads', () => {
    const { callSql, columns: used } = homeJson(columns);
    expect(callSql).toBe(`home_api_json(${used.map((key) => columns[key]!.name).join(', ')})`);
    expect(used).toEqual(expect.arrayContaining(['id', 'priceCents', 'weekendPriceCents', 'instantBookRequirements']));
  });

  it('names the column a new Home field is missing', () => {
    const { weekendPriceCents: _gone, ...withoutWeekendPrice } = columns;
    expect(() => homeJson(withoutWeekendPrice)).toThrow(
      'Home field "weekendPrice" has no column "weekendPrice" or "weekendPriceCents" in homes',
    );
  });
});
