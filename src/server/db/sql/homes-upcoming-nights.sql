-- Live definition of homes_upcoming_nights(), as migration 0017 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- The nights from p_from on, or NULL when they would not fit an index entry beside the home's
-- other columns. An entry may hold 2,704 bytes; the fixed columns take about 100, location and host
-- email the rest (through the API at most 120 and 254 characters, so 1 KB of nights always fits;
-- rows written otherwise get less room).
CREATE OR REPLACE FUNCTION homes_upcoming_nights(p_nights datemultirange, p_from date, p_location text, p_host_email text)
RETURNS datemultirange LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN pg_column_size(c.nights) <= least(1024, 2400 - octet_length(p_location) - octet_length(p_host_email))
    THEN c.nights END
  FROM (SELECT p_nights * datemultirange(daterange(p_from, NULL)) AS nights) AS c
$$;
