-- Live definition of home_blocks_nights_new(), as migration 0009 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
CREATE OR REPLACE FUNCTION home_blocks_nights_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(SELECT DISTINCT home_id FROM new_rows));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER home_blocks_nights_insert AFTER INSERT ON home_blocks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_blocks_nights_new();
