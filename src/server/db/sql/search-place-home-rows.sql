-- Live definition of search_place_home_rows(), as migration 0034 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- One page of a place search, as in migration 0018, over the places decided first: those containing
-- the term, or else the one closest spelling. The first row says what was matched: out_seq NULL,
-- out_rank the best place's rank and out_api_json its name (both NULL when nothing matched); the
-- page's homes follow. The walks are those of migration 0018, one per matched place, over the
-- matched places read once (a materialized CTE, which also gives the first row). Homes unlisted by
-- moderation (unlisted_at, migration 0034) are skipped inside homes_location_idx.
CREATE OR REPLACE FUNCTION search_place_home_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_min_price integer, p_max_price integer, p_bedrooms integer,
  p_sort text, p_after_rank integer, p_after_price integer, p_after_rating double precision,
  p_after_seq bigint, p_page integer)
RETURNS TABLE (out_rank integer, out_seq bigint, out_price_cents integer, out_rating_sum integer,
  out_rating_count integer, out_api_json text)
LANGUAGE plpgsql STABLE ROWS 25
SET plan_cache_mode = force_generic_plan
-- Why sorting and JIT are off: migration 0015.
SET enable_sort = off
SET jit = off
AS $$
DECLARE
  v_close boolean;
  v_matched boolean := false;
BEGIN
  -- First the places containing the term; only when there is none, the closest spelling. Each
  -- statement answers first what it matched (no seq; the best place's rank and name), then the
  -- page, and nothing at all when it matched no place. The half of the place list not asked for is
  -- a one-time filter in the generic plan: its scan never runs.
  FOREACH v_close IN ARRAY ARRAY[false, true] LOOP
    IF p_sort = 'newest' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT f.seq, f.id
        FROM homes f
        WHERE f.location = p.location
          AND f.seq < CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END
          AND search_home_fits(f.id, f.price_cents, f.bedrooms, f.total_guest, f.host_email, f.available_from,
            f.available_to, f.upcoming_from, f.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND f.unlisted_at IS NULL
          AND (p_check_in IS NULL OR f.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY f.seq DESC NULLS LAST
        LIMIT p_page
      ) AS w
      JOIN homes h ON h.id = w.id
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.seq DESC
      LIMIT p_page);
    ELSIF p_sort = 'price_asc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
        FROM homes h
        WHERE h.location = p.location
          AND (h.price_cents, h.seq) > (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE -1 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE -1 END)
          -- Spelled out as well: the bounds of the index walk.
          AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.price_cents, h.seq
        LIMIT p_page
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents, w.seq
      LIMIT p_page);
    ELSIF p_sort = 'price_desc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
        FROM homes h
        WHERE h.location = p.location
          AND (h.price_cents, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE 2147483647 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
          AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.price_cents DESC, h.seq DESC
        LIMIT p_page
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents DESC, w.seq DESC
      LIMIT p_page);
    ELSIF p_sort = 'rating' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json, h.rating_sort
        FROM homes h
        WHERE h.location = p.location
          AND (h.rating_sort, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_rating ELSE 'Infinity'::double precision END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.rating_sort DESC, h.seq DESC
        LIMIT p_page
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.rating_sort DESC, w.seq DESC
      LIMIT p_page);
    ELSE
      RAISE EXCEPTION 'unknown sort %', p_sort USING ERRCODE = '22023';
    END IF;
    v_matched := FOUND;
    EXIT WHEN v_matched;
  END LOOP;
  -- (Not FOUND: a FOREACH loop sets it to whether it ran at all.)
  IF NOT v_matched THEN
    -- Nothing matched: the match row alone, empty. Assigned, not selected (no statement to start).
    RETURN NEXT;
  END IF;
END;
$$;
