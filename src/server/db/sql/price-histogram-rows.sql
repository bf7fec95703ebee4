-- Live definition of price_histogram_rows(), as migration 0036 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- As in migration 0016, over the places a place search walks (migration 0036: the best 20 places
-- containing the term, the closest spelling only when no place contains it), so the counts are
-- those of the homes the search pages through. Prices are the base nightly prices, also with dates
-- (ADR 0058).
CREATE OR REPLACE FUNCTION price_histogram_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer, p_bedrooms integer,
  p_now timestamptz)
RETURNS TABLE (out_price_cents integer, out_homes integer)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  IF p_term IS NULL THEN
    RETURN QUERY
    SELECT s.price_cents, sum(s.home_count)::integer
    FROM home_price_stats s
    WHERE (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms)
    GROUP BY s.price_cents;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT h.price_cents, count(*)::integer
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
  GROUP BY h.price_cents;
END;
$$;
