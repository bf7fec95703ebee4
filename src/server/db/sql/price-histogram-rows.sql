-- Live definition of price_histogram_rows(), as migration 0024 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- As in migration 0016, over the places search_place_set decided (the closest spelling only when no
-- place contains the term), so the counts are those of the homes the search pages through.
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
  FROM search_place_set(p_term, p_escaped, 1) p
  JOIN homes h ON h.location = p.location
  WHERE (p_guests IS NULL OR h.total_guest >= p_guests)
    AND (p_bedrooms IS NULL OR h.bedrooms >= p_bedrooms)
    AND (p_check_in IS NULL OR (
      h.available_from <= p_check_in AND h.available_to >= p_check_out
      AND NOT (h.confirmed_nights && daterange(p_check_in, p_check_out, '[)'))
      AND h.id NOT IN (
        SELECT b.home_id FROM bookings b
        WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
          AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
  GROUP BY h.price_cents;
END;
$$;
