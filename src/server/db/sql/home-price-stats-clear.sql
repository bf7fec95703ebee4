-- Live definition of home_price_stats_clear(), as migration 0016 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- TRUNCATE fires no row or DELETE triggers (the bench's reload truncates homes).
CREATE OR REPLACE FUNCTION home_price_stats_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM home_price_stats;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_price_stats_truncate AFTER TRUNCATE ON homes
  FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_clear();
