-- price_histogram_dollars() gains p_sample and answers its range's lowest price and whether it is exact (ADR 0072):
-- a new signature and result, so the old one goes.
DROP FUNCTION price_histogram_dollars(text, text, date, date, integer, integer, timestamptz);
--> statement-breakpoint
-- The text of src/server/db/sql/price-histogram-dollars.sql.
-- Live definition of price_histogram_dollars(), as migration 0044 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- As in migration 0016, over the places a place search walks (migration 0036: the best 20 places
-- containing the term, the closest spelling only when no place contains it), so the counts are
-- those of the homes the search pages through. Prices are the base nightly prices, also with dates
-- (ADR 0058).
-- One row: the homes per whole dollar (a home's bucket depends only on its dollar, the buckets
-- being whole dollars wide from a whole dollar), the lowest and highest price in cents (the range
-- is rounded out from them) and whether the counts are exact. It replaced one row per distinct
-- price in cents (migration 0042, ADR 0070): the server parsing thousands of rows cost more than
-- the counting.
-- With a place, at most p_sample (600 when NULL) of its homes are read, so the cost does not grow
-- with the homes the places hold (ADR 0072): when that is not all of them, the counts are a sample
-- scaled up and not exact, while the lowest and highest prices stay exact.
CREATE OR REPLACE FUNCTION price_histogram_dollars(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer, p_bedrooms integer,
  p_now timestamptz, p_sample integer DEFAULT NULL)
RETURNS TABLE (
  out_dollars integer[], out_homes integer[], out_min_cents integer, out_max_cents integer, out_exact boolean)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  -- The cell of home_price_dollars for these filters (home_price_dollars_cells).
  v_cell integer := (greatest(coalesce(p_guests, 1), 1) - 1) * 9 + greatest(coalesce(p_bedrooms, 0), 0) + 1;
  -- The rows a place search reads at most (ADR 0072): about 1.5 ms of PostgreSQL with dates.
  v_sample integer := greatest(coalesce(p_sample, 600), 1);
  v_places text[];
  v_counts integer[];
BEGIN
  IF p_term IS NULL AND coalesce(p_guests, 1) <= 16 AND coalesce(p_bedrooms, 0) <= 8 THEN
    -- One row per dollar (ADR 0070); the cents of the highest price from home_price_stats' key.
    RETURN QUERY
    WITH d AS (
      SELECT s.dollar, s.counts[v_cell] AS homes FROM home_price_dollars s WHERE s.counts[v_cell] > 0),
    top AS (SELECT max(d.dollar) AS dollar FROM d)
    SELECT (SELECT array_agg(d.dollar ORDER BY d.dollar) FROM d), (SELECT array_agg(d.homes ORDER BY d.dollar) FROM d),
      NULL::integer,
      (SELECT max(s.price_cents) FROM home_price_stats s, top
       WHERE s.price_cents >= top.dollar * 100 AND s.price_cents < top.dollar * 100 + 100
         AND (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms)),
      -- home_price_stats does not know who is booked (ADR 0023).
      p_check_in IS NULL;
    RETURN;
  END IF;
  IF p_term IS NULL THEN
    RETURN QUERY
    SELECT array_agg(d.dollar ORDER BY d.dollar), array_agg(d.homes ORDER BY d.dollar), NULL::integer,
      max(d.max_cents), p_check_in IS NULL
    FROM (
      SELECT s.price_cents / 100 AS dollar, sum(s.home_count)::integer AS homes, max(s.price_cents) AS max_cents
      FROM home_price_stats s
      WHERE (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms)
      GROUP BY 1) AS d;
    RETURN;
  END IF;
  -- The places first, on their own: planning one query holding them and the walks cost more.
  SELECT array_agg(p.location), array_agg(p.home_count) INTO v_places, v_counts
  FROM (
    SELECT b.location, b.home_count FROM search_place_best(p_term, p_escaped, 20) AS b
    UNION ALL
    SELECT c.location, c.home_count FROM search_place_close(p_term, 1) AS c
    WHERE NOT EXISTS (SELECT FROM search_place_containing(p_term, p_escaped))) AS p;
  RETURN QUERY
  WITH places AS (SELECT * FROM unnest(v_places, v_counts) AS p(location, home_count)),
  -- Each place's share of the rows read, in proportion to its homes: all of them when they fit.
  shares AS MATERIALIZED (
    SELECT p.location, p.home_count,
      greatest(1, ceil(v_sample * p.home_count::numeric / nullif(sum(p.home_count) OVER (), 0)))::integer AS share
    FROM places p),
  -- Per place, its newest homes (homes_location_idx: an index-only walk), tested after the limit so
  -- the limit bounds the rows read, not the rows found: how many were read, and the dollars of those
  -- the search finds (its own test).
  sampled AS MATERIALIZED (
    SELECT s.home_count, s.share, r.rows_read, r.dollars
    FROM shares s
    CROSS JOIN LATERAL (
      SELECT count(*)::integer AS rows_read,
        array_agg(h.price_cents / 100) FILTER (
          WHERE search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
              h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL,
              NULL, p_bedrooms)
            AND h.unlisted_at IS NULL
            AND (p_check_in IS NULL OR (
              h.id NOT IN (
                SELECT b.home_id FROM bookings b
                WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                  AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))) AS dollars
      FROM (
        SELECT h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from, h.available_to,
          h.upcoming_from, h.upcoming_nights, h.unlisted_at
        FROM homes h WHERE h.location = s.location
        ORDER BY h.seq DESC NULLS LAST LIMIT s.share) AS h) AS r),
  -- A place read to the end of its walk (fewer rows than its share, or all its homes) counts as itself;
  -- otherwise each home found stands for home_count / rows read.
  weighted AS (
    SELECT s.dollars, s.rows_read < s.share OR s.rows_read >= s.home_count AS whole,
      CASE WHEN s.rows_read < s.share OR s.rows_read >= s.home_count THEN 1
        ELSE s.home_count::float8 / s.rows_read END AS weight
    FROM sampled s),
  -- A dollar with a home in the sample keeps at least one.
  d AS (
    SELECT u.dollar, greatest(1, round(sum(w.weight)))::integer AS homes
    FROM weighted w CROSS JOIN LATERAL unnest(w.dollars) AS u(dollar)
    GROUP BY 1),
  -- The range stays exact: per place, the cheapest and the dearest home that passes the same tests,
  -- walking homes_location_price_idx from each end.
  ends AS (
    SELECT lo.price_cents AS low, hi.price_cents AS high
    FROM places p
    CROSS JOIN LATERAL (
      SELECT h.price_cents FROM homes h
      WHERE h.location = p.location
        AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
          h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL, NULL,
          p_bedrooms)
        AND h.unlisted_at IS NULL
        AND (p_check_in IS NULL OR (
          h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
      ORDER BY h.price_cents, h.seq LIMIT 1) AS lo
    CROSS JOIN LATERAL (
      SELECT h.price_cents FROM homes h
      WHERE h.location = p.location
        AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
          h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL, NULL,
          p_bedrooms)
        AND h.unlisted_at IS NULL
        AND (p_check_in IS NULL OR (
          h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
      ORDER BY h.price_cents DESC, h.seq DESC LIMIT 1) AS hi)
  SELECT (SELECT array_agg(d.dollar ORDER BY d.dollar) FROM d), (SELECT array_agg(d.homes ORDER BY d.dollar) FROM d),
    (SELECT min(e.low) FROM ends e), (SELECT max(e.high) FROM ends e),
    coalesce((SELECT bool_and(w.whole) FROM weighted w), true);
END;
$$;
