-- Live definition of home_locations_remove(), as migration 0005 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
CREATE OR REPLACE FUNCTION home_locations_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE home_locations AS l SET home_count = l.home_count - gone.n
    FROM (SELECT location, count(*) AS n FROM old_rows GROUP BY location) AS gone
    WHERE l.location = gone.location;
  DELETE FROM home_locations WHERE home_count <= 0;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_locations_delete AFTER DELETE ON homes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_locations_remove();
