-- Live definition of home_locations_version_bump(), as migration 0040 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Each process holds the places in memory for the suggestions (ADR 0064) and reloads them when
-- this number moves. A row trigger, so only statements that really change home_locations bump it
-- (a homes UPDATE that moves no home writes no home_locations row, and so no bump: bookings that
-- refresh homes' upcoming nights do not make every process reload). The bump is in the writer's
-- transaction: a process that reads the new number also reads the rows it committed.
CREATE OR REPLACE FUNCTION home_locations_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE home_locations_version SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER home_locations_version_bump AFTER INSERT OR UPDATE OR DELETE ON home_locations
  FOR EACH ROW EXECUTE FUNCTION home_locations_version_bump();
