-- Live definition of homes_upcoming_from(), as migration 0017 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Where a refresh cuts a home's nights: two days back, so a search for "today" in any time zone
-- still uses the cut; '-infinity' when no night lies before it (nothing was cut off).
CREATE OR REPLACE FUNCTION homes_upcoming_from(p_nights datemultirange) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN lower(p_nights) < current_date - 2 THEN current_date - 2 ELSE '-infinity'::date END
$$;
