-- Live definition of search_home_fits(), as migration 0017 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Whether one home passes a search's filters (price, bedrooms, guests, host, window, confirmed
-- nights); live holds are tested by the caller, once per statement (a hashed subplan). A plain SQL
-- expression, inlined into each walk's statement, so the filters are written once for every sort
-- and the planner still sees the columns (index conditions, index-only scans). Takes columns, not
-- the row: a whole-row reference would make every walk read the row.
CREATE OR REPLACE FUNCTION search_home_fits(
  h_id uuid, h_price_cents integer, h_bedrooms integer, h_total_guest integer, h_host_email text,
  h_available_from date, h_available_to date, h_upcoming_from date, h_upcoming_nights datemultirange,
  p_check_in date, p_check_out date, p_guests integer, p_host_email text,
  p_min_price integer, p_max_price integer, p_bedrooms integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (p_min_price IS NULL OR h_price_cents >= p_min_price)
    AND (p_max_price IS NULL OR h_price_cents <= p_max_price)
    AND (p_bedrooms IS NULL OR h_bedrooms >= p_bedrooms)
    AND (p_guests IS NULL OR h_total_guest >= p_guests)
    AND (p_host_email IS NULL OR lower(h_host_email) = lower(p_host_email))
    AND (p_check_in IS NULL OR (
      h_available_from <= p_check_in AND h_available_to >= p_check_out
      AND CASE WHEN h_upcoming_nights IS NOT NULL AND p_check_in >= h_upcoming_from
        THEN NOT (h_upcoming_nights && daterange(p_check_in, p_check_out, '[)'))
        ELSE NOT home_nights_overlap(h_id, daterange(p_check_in, p_check_out, '[)'))
      END))
$$;
