-- Live definition of time_zone_is_valid(), as migration 0022 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Each home's own IANA time zone (ADR 0035): check-in/out times, cancellation cut-offs and "today"
-- for its calendar are read on its clocks. Homes from before are UTC, which is what every rule used.
-- A booking keeps the zone its home had when the hold was placed, so a later change of the home's
-- zone never moves the cut-offs of stays already booked.
--
-- PostgreSQL's check: a zone it can convert to (the API checks the runtime's IANA list first).
-- IMMUTABLE as a CHECK wants: the answer depends only on the name and the server's zone database.
CREATE OR REPLACE FUNCTION time_zone_is_valid(p_zone text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF p_zone IS NULL OR p_zone !~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$' THEN
    RETURN false;
  END IF;
  PERFORM timestamptz '2000-01-01 00:00:00+00' AT TIME ZONE p_zone;
  RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN false;
END;
$$;
