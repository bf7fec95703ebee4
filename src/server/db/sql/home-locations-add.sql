-- Live definition of home_locations_add(), as migration 0005 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Keep home_locations equal to "select location, count(*) from homes group by location".
-- Statement-level triggers with transition tables: one aggregated write per statement,
-- so bulk inserts (demo data, imports) stay fast.
CREATE OR REPLACE FUNCTION home_locations_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_locations AS l (location, home_count)
    SELECT location, count(*) FROM new_rows GROUP BY location
    ON CONFLICT (location) DO UPDATE SET home_count = l.home_count + excluded.home_count;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_locations_insert AFTER INSERT ON homes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_locations_add();
