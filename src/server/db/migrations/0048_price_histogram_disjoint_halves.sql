-- The price histogram of a place search reads each place's newest and oldest homes without a third
-- walk that checked the two halves do not meet: a place is split only when its count exceeds its
-- share, so they cannot (ADR 0074). The text of src/server/db/sql/price-histogram-dollars.sql; the
-- signature is unchanged (the wrapper of migration 0047 still calls it). It only replaces a function.
CREATE OR REPLACE FUNCTION price_histogram_dollars(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer, p_bedrooms integer,
  p_now timestamptz, p_sample integer, p_places jsonb)
RETURNS TABLE (
  out_dollars integer[], out_homes integer[], out_min_cents integer, out_max_cents integer, out_exact boolean)
LANGUAGE plpgsql STABLE
-- Planned once per connection (migration 0047): its walks are bounded by LIMITs whatever the
-- values, and planning this query on every call cost more than running it.
SET plan_cache_mode = force_generic_plan
SET jit = off
AS $$
DECLARE
  -- The cell of home_price_dollars for these filters (home_price_dollars_cells).
  v_cell integer := (greatest(coalesce(p_guests, 1), 1) - 1) * 9 + greatest(coalesce(p_bedrooms, 0), 0) + 1;
  -- The rows a place search reads at most (ADR 0072): about 1.5 ms of PostgreSQL with dates.
  v_sample integer := greatest(coalesce(p_sample, 600), 1);
  -- The index entries each end's walk reads at most, over all the places (ADR 0074): 1,800 by
  -- default, so a search whose filters nothing passes reads at most about 6.6 times the sample.
  v_walk integer := 3 * greatest(coalesce(p_sample, 600), 1);
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
  -- The places first, on their own: planning one query holding them and the walks cost more. Those
  -- the server ranked from the places it holds in memory when it gives them (ADR 0075).
  IF p_places IS NOT NULL THEN
    SELECT array_agg(p.location), array_agg(p.home_count) INTO v_places, v_counts
    FROM jsonb_to_recordset(p_places) AS p(location text, home_count integer);
  ELSE
    SELECT array_agg(p.location), array_agg(p.home_count) INTO v_places, v_counts
    FROM (
      SELECT b.location, b.home_count FROM search_place_best(p_term, p_escaped, 20) AS b
      UNION ALL
      SELECT c.location, c.home_count FROM search_place_close(p_term, 1) AS c
      WHERE NOT EXISTS (SELECT FROM search_place_containing(p_term, p_escaped))) AS p;
  END IF;
  RETURN QUERY
  WITH places AS (SELECT * FROM unnest(v_places, v_counts) AS p(location, home_count)),
  -- Each place's share of the rows read, in proportion to its homes: all of them when they fit.
  shares AS MATERIALIZED (
    SELECT p.location, p.home_count,
      greatest(1, ceil(v_sample * p.home_count::numeric / nullif(sum(p.home_count) OVER (), 0)))::integer AS share,
      greatest(1, ceil(v_walk * p.home_count::numeric / nullif(sum(p.home_count) OVER (), 0)))::integer AS walk
    FROM places p),
  -- Per place, its newest homes and its oldest (ADR 0074), half its share each (homes_location_idx
  -- walked from both ends: index-only walks; a place within its share, by its count, in one walk, so
  -- the halves of a place with more homes than its share are disjoint: migration 0048 dropped a third
  -- walk that checked it, 12% of the call. A count older than a delete (the server's copy of the
  -- places, at most PLACES_MAX_AGE_MS) can read a few homes twice until it is refreshed), tested
  -- after the limit so the limit bounds the rows read, not the rows found: how many were read, and
  -- the prices of those the search finds (its own test).
  sampled AS MATERIALIZED (
    SELECT s.home_count, s.share, r.rows_read, r.cents
    FROM shares s
    CROSS JOIN LATERAL (
      SELECT count(*)::integer AS rows_read,
        array_agg(h.price_cents) FILTER (
          WHERE search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
              h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL,
              NULL, p_bedrooms)
            AND h.unlisted_at IS NULL
            AND (p_check_in IS NULL OR (
              h.id NOT IN (
                SELECT b.home_id FROM bookings b
                WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                  AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))) AS cents
      FROM (
        (SELECT h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from, h.available_to,
          h.upcoming_from, h.upcoming_nights, h.unlisted_at
        FROM homes h WHERE h.location = s.location
        ORDER BY h.seq DESC NULLS LAST
        LIMIT CASE WHEN s.home_count <= s.share THEN s.share ELSE s.share - s.share / 2 END)
        UNION ALL
        (SELECT h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from, h.available_to,
          h.upcoming_from, h.upcoming_nights, h.unlisted_at
        FROM homes h WHERE h.location = s.location AND s.home_count > s.share
        ORDER BY h.seq ASC NULLS FIRST LIMIT s.share / 2)) AS h) AS r),
  -- A place read to the end of its walk (fewer rows than its share, or all its homes) counts as itself;
  -- otherwise each home found stands for home_count / rows read.
  weighted AS (
    SELECT s.cents, s.rows_read < s.share OR s.rows_read >= s.home_count AS whole,
      CASE WHEN s.rows_read < s.share OR s.rows_read >= s.home_count THEN 1
        ELSE s.home_count::float8 / s.rows_read END AS weight
    FROM sampled s),
  -- A dollar with a home in the sample keeps at least one.
  counted AS (
    SELECT u.cents / 100 AS dollar, greatest(1, round(sum(w.weight)))::integer AS homes
    FROM weighted w CROSS JOIN LATERAL unnest(w.cents) AS u(cents)
    GROUP BY 1),
  -- The range: per place, the cheapest and the dearest home that passes the same tests, walking
  -- homes_location_price_idx from each end, at most the place's walk entries (ADR 0074). The first
  -- entry that passes, or else the last the cap lets the walk read, then ok false (its price: the
  -- place's end is beyond it); none when the walk ran out of homes first.
  ends AS (
    SELECT lo.price_cents AS low, lo.ok AS low_ok, hi.price_cents AS high, hi.ok AS high_ok
    FROM shares p
    LEFT JOIN LATERAL (
      SELECT w.price_cents, w.ok FROM (
        SELECT h.price_cents, row_number() OVER (ORDER BY h.price_cents, h.seq) AS n,
          search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL,
            NULL, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR (
            h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))) AS ok
        FROM homes h WHERE h.location = p.location
        ORDER BY h.price_cents, h.seq LIMIT p.walk) AS w
      WHERE w.ok OR w.n = p.walk LIMIT 1) AS lo ON true
    LEFT JOIN LATERAL (
      SELECT w.price_cents, w.ok FROM (
        SELECT h.price_cents, row_number() OVER (ORDER BY h.price_cents DESC, h.seq DESC) AS n,
          search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL,
            NULL, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR (
            h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))) AS ok
        FROM homes h WHERE h.location = p.location
        ORDER BY h.price_cents DESC, h.seq DESC LIMIT p.walk) AS w
      WHERE w.ok OR w.n = p.walk LIMIT 1) AS hi ON true),
  -- An end is exact when no capped walk stopped short of it: a place whose walk stopped at a price
  -- has no home that passes on the near side of that price. Otherwise the end is the furthest home
  -- known to pass: found by either walk or read by the sample (read only then).
  found AS (
    SELECT min(e.low) FILTER (WHERE e.low_ok) AS low, max(e.high) FILTER (WHERE e.high_ok) AS high,
      least(min(e.low) FILTER (WHERE e.low_ok), min(e.high) FILTER (WHERE e.high_ok)) AS any_low,
      greatest(max(e.high) FILTER (WHERE e.high_ok), max(e.low) FILTER (WHERE e.low_ok)) AS any_high,
      coalesce(min(e.low) FILTER (WHERE e.low_ok) <= min(e.low) FILTER (WHERE NOT e.low_ok), true)
        AND (count(*) FILTER (WHERE NOT e.low_ok) = 0 OR count(*) FILTER (WHERE e.low_ok) > 0) AS low_exact,
      coalesce(max(e.high) FILTER (WHERE e.high_ok) >= max(e.high) FILTER (WHERE NOT e.high_ok), true)
        AND (count(*) FILTER (WHERE NOT e.high_ok) = 0 OR count(*) FILTER (WHERE e.high_ok) > 0) AS high_exact
    FROM ends e),
  bounds AS (
    SELECT
      CASE WHEN f.low_exact THEN f.low
        ELSE least(f.any_low, (SELECT min(u.cents) FROM weighted w, unnest(w.cents) AS u(cents))) END AS low,
      CASE WHEN f.high_exact THEN f.high
        ELSE greatest(f.any_high, (SELECT max(u.cents) FROM weighted w, unnest(w.cents) AS u(cents))) END AS high,
      f.low_exact, f.high_exact
    FROM found f),
  -- Each end's dollar counts at least one home: a sample that read none of the homes that pass
  -- (its newest homes fail, older ones pass) still shows bars where the range says homes are.
  d AS (
    SELECT x.dollar, max(x.homes) AS homes
    FROM (
      SELECT c.dollar, c.homes FROM counted c
      UNION ALL SELECT r.low / 100, 1 FROM bounds r WHERE r.low IS NOT NULL
      UNION ALL SELECT r.high / 100, 1 FROM bounds r WHERE r.high IS NOT NULL) AS x
    GROUP BY 1)
  SELECT (SELECT array_agg(d.dollar ORDER BY d.dollar) FROM d), (SELECT array_agg(d.homes ORDER BY d.dollar) FROM d),
    r.low, r.high, coalesce((SELECT bool_and(w.whole) FROM weighted w), true) AND r.low_exact AND r.high_exact
  FROM bounds r;
END;
$$;
