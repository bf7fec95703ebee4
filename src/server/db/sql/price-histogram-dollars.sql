-- Live definition of price_histogram_dollars(), as migration 0042 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- As in migration 0016, over the places a place search walks (migration 0036: the best 20 places
-- containing the term, the closest spelling only when no place contains it), so the counts are
-- those of the homes the search pages through. Prices are the base nightly prices, also with dates
-- (ADR 0058).
-- One row: the homes per whole dollar (a home's bucket depends only on its dollar, the buckets
-- being whole dollars wide from a whole dollar) and the highest price in cents (the top bucket is
-- rounded up from it). It replaced one row per distinct price in cents (migration 0042, ADR 0070):
-- the server parsing thousands of rows cost more than the counting.
CREATE OR REPLACE FUNCTION price_histogram_dollars(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer, p_bedrooms integer,
  p_now timestamptz)
RETURNS TABLE (out_dollars integer[], out_homes integer[], out_max_cents integer)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  -- The cell of home_price_dollars for these filters (home_price_dollars_cells).
  v_cell integer := (greatest(coalesce(p_guests, 1), 1) - 1) * 9 + greatest(coalesce(p_bedrooms, 0), 0) + 1;
BEGIN
  IF p_term IS NULL AND coalesce(p_guests, 1) <= 16 AND coalesce(p_bedrooms, 0) <= 8 THEN
    -- One row per dollar (ADR 0070); the cents of the highest price from home_price_stats' key.
    RETURN QUERY
    WITH d AS (
      SELECT s.dollar, s.counts[v_cell] AS homes FROM home_price_dollars s WHERE s.counts[v_cell] > 0),
    top AS (SELECT max(d.dollar) AS dollar FROM d)
    SELECT (SELECT array_agg(d.dollar ORDER BY d.dollar) FROM d), (SELECT array_agg(d.homes ORDER BY d.dollar) FROM d),
      (SELECT max(s.price_cents) FROM home_price_stats s, top
       WHERE s.price_cents >= top.dollar * 100 AND s.price_cents < top.dollar * 100 + 100
         AND (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms));
    RETURN;
  END IF;
  IF p_term IS NULL THEN
    RETURN QUERY
    SELECT array_agg(d.dollar ORDER BY d.dollar), array_agg(d.homes ORDER BY d.dollar), max(d.max_cents)
    FROM (
      SELECT s.price_cents / 100 AS dollar, sum(s.home_count)::integer AS homes, max(s.price_cents) AS max_cents
      FROM home_price_stats s
      WHERE (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms)
      GROUP BY 1) AS d;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT array_agg(d.dollar ORDER BY d.dollar), array_agg(d.homes ORDER BY d.dollar), max(d.max_cents)
  FROM (
    SELECT h.price_cents / 100 AS dollar, count(*)::integer AS homes, max(h.price_cents) AS max_cents
    FROM (
      SELECT b.location FROM search_place_best(p_term, p_escaped, 20) AS b
      UNION ALL
      SELECT c.location FROM search_place_close(p_term, 1) AS c
      WHERE NOT EXISTS (SELECT FROM search_place_containing(p_term, p_escaped))) AS p
    JOIN homes h ON h.location = p.location
    -- The search's own test (the columns of homes_location_idx: an index-only scan per place).
    WHERE search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
        h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL, NULL,
        p_bedrooms)
      AND h.unlisted_at IS NULL
      AND (p_check_in IS NULL OR (
        h.id NOT IN (
          SELECT b.home_id FROM bookings b
          WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
            AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
    GROUP BY 1) AS d;
END;
$$;
