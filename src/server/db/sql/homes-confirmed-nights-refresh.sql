-- Live definition of homes_confirmed_nights_refresh(), as migration 0027 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- As in migration 0009, plus the upcoming columns from the same aggregate; requested stays (0027)
-- count as confirmed ones: a request holds its nights until the host answers.
CREATE OR REPLACE FUNCTION homes_confirmed_nights_refresh(home_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(home_ids) = 0 THEN
    RETURN;
  END IF;
  -- Lock first, then read: the UPDATE below runs with a snapshot taken after the lock, so two
  -- transactions changing one home's stays or blocks at once cannot lose each other's nights.
  PERFORM 1 FROM homes WHERE id = ANY (home_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE homes AS h
    SET confirmed_nights = n.nights,
      upcoming_from = homes_upcoming_from(n.nights),
      upcoming_nights = homes_upcoming_nights(n.nights, homes_upcoming_from(n.nights), h.location, h.host_email)
    FROM (
      SELECT u.id, coalesce(
        (SELECT range_agg(s.stay) FROM (
            SELECT b.stay FROM bookings b WHERE b.home_id = u.id AND b.status IN ('confirmed', 'requested')
            UNION ALL
            SELECT k.stay FROM home_blocks k WHERE k.home_id = u.id) AS s),
        '{}'::datemultirange) AS nights
      FROM (SELECT DISTINCT unnest(home_ids) AS id) AS u) AS n
    WHERE h.id = n.id;
END;
$$;
