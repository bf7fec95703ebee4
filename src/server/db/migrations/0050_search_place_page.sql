-- A place search's page carries what its homes' dated stays are priced from (ADR 0080):
-- home_stay_terms, and search_place_page, the search of migration 0046 with out_stay_terms (those
-- terms and the home's price periods over the stay), read beside each home's row where the page's
-- statement looked each home up again by seq and the server parsed each home's JSON.
-- search_place_home_rows(17 arguments) becomes its wrapper for the previous release's processes
-- during a rolling start; the signature before 0046 (16 arguments), which 0046 kept for the same
-- reason, is dropped. The texts of src/server/db/sql/home-stay-terms.sql, search-place-page.sql and
-- search-place-home-rows.sql. No table or index changes; replacing functions takes no lock that
-- waits for reads.
-- What a dated search page prices a home's stay from (ADR 0080), as one line of text: its nightly
-- and weekend price, discounts, guests included, fees in cents, and its time zone, separated by
-- spaces ('-' for no weekend price), as src/server/features/homes/stay-periods.ts reads it: the
-- server prices a page without parsing each home's JSON. A plain SQL expression, inlined into the
-- page's statement.
CREATE OR REPLACE FUNCTION home_stay_terms(
  h_price_cents integer, h_weekend_price_cents integer, h_weekly_discount_percent integer,
  h_monthly_discount_percent integer, h_last_minute_discount_percent integer, h_last_minute_days integer,
  h_early_bird_discount_percent integer, h_early_bird_days integer, h_guests_included integer,
  h_extra_guest_fee_cents integer, h_security_deposit_cents integer, h_cleaning_fee_cents integer,
  h_time_zone text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', h_price_cents, coalesce(h_weekend_price_cents::text, '-'), h_weekly_discount_percent,
    h_monthly_discount_percent, h_last_minute_discount_percent, h_last_minute_days, h_early_bird_discount_percent,
    h_early_bird_days, h_guests_included, h_extra_guest_fee_cents, h_security_deposit_cents, h_cleaning_fee_cents,
    h_time_zone)
$$;
--> statement-breakpoint
-- One page of a place search, as in migration 0018, over the places decided first: the best
-- SEARCH_PLACES_MAX (20) of those containing the term (by rank, then homes: p_places, as the server
-- ranked them from the places it holds in memory, ADR 0075; when NULL, search_place_best), or else
-- the one closest spelling (issue 29, ADR 0058: a prefix matching hundreds of places walks 20).
-- p_places is a JSON array of {location, place_rank, home_count}; [] when no place contains the term.
-- With dates, the price sorts and the price filter read the nightly price for those dates (issue 27,
-- ADR 0058): homes whose every night costs price_cents (price_low_cents NULL) walk the price index
-- as before; the others are priced by search_stay_nightly_cents, only those whose cheapest (dearest)
-- night for these dates can still reach the page, which the plain walk bounds (ADR 0069). The first row says what was matched: out_seq NULL,
-- out_rank the best place's rank and out_api_json its name (both NULL when nothing matched); the
-- page's homes follow. Homes unlisted by moderation (unlisted_at, migration 0034, ADR 0060) are
-- skipped inside homes_location_idx. The walks are those of migration 0018, one per matched place, over the
-- matched places read once (a materialized CTE, which also gives the first row). With dates, each
-- home of the page carries what its stay is priced from (out_stay_terms: home_stay_terms, then '|'
-- and its price periods over the stay, as src/server/features/homes/stay-periods.ts reads them),
-- read beside the home's own row: only the homes that have periods (has_price_periods) look in
-- price_periods (ADR 0080).
CREATE OR REPLACE FUNCTION search_place_page(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_min_price integer, p_max_price integer, p_bedrooms integer,
  p_sort text, p_after_rank integer, p_after_price integer, p_after_rating double precision,
  p_after_seq bigint, p_page integer, p_places jsonb)
RETURNS TABLE (out_rank integer, out_seq bigint, out_price_cents integer, out_rating_sum integer,
  out_rating_count integer, out_api_json text, out_stay_terms text)
LANGUAGE plpgsql STABLE ROWS 25
SET plan_cache_mode = force_generic_plan
-- Why sorting and JIT are off: migration 0015.
SET enable_sort = off
SET jit = off
AS $$
DECLARE
  v_close boolean;
  v_matched boolean := false;
  -- The stay's Friday and Saturday nights: the weekend price's share of a dated price (ADR 0058).
  v_weekend_nights integer := (SELECT count(*)::integer FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS d
    WHERE extract(dow FROM d) IN (5, 6));
BEGIN
  -- First the places containing the term; only when there is none, the closest spelling. Each
  -- statement answers first what it matched (no seq; the best place's rank and name), then the
  -- page, and nothing at all when it matched no place. The half of the place list not asked for is
  -- a one-time filter in the generic plan: its scan never runs.
  FOREACH v_close IN ARRAY ARRAY[false, true] LOOP
    IF p_sort = 'newest' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count
        FROM jsonb_to_recordset(p_places) AS c(location text, place_rank integer, home_count integer)
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
        WHERE NOT v_close AND p_places IS NULL
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close),
      -- Each place's walk first takes its share of the page and one more (ADR 0075): 20 places whose
      -- newest homes interleave fill a page from a few each, where a walk of a page per place read
      -- twenty pages (most of them past filters that few homes pass).
      k AS (SELECT ceil(p_page::numeric / greatest(count(*), 1))::integer + 1 AS n FROM p),
      w AS MATERIALIZED (
        SELECT p.location, p.place_rank, w.seq, w.id
        FROM p
        CROSS JOIN k
        CROSS JOIN LATERAL (
          SELECT f.seq, f.id
          FROM homes f
          WHERE f.location = p.location
            AND f.seq < CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END
            AND search_home_fits(f.id, f.price_cents, f.bedrooms, f.total_guest, f.host_email, f.available_from,
              f.available_to, f.upcoming_from, f.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              CASE WHEN p_check_in IS NULL THEN p_min_price END, CASE WHEN p_check_in IS NULL THEN p_max_price END,
              p_bedrooms)
            AND f.unlisted_at IS NULL
            AND (p_check_in IS NULL OR search_dated_price_fits(f.id, f.price_cents, f.price_low_cents,
              f.price_high_cents, f.weekend_price_cents, f.has_price_periods, p_check_in, p_check_out,
              v_weekend_nights, p_min_price, p_max_price))
            AND (p_check_in IS NULL OR f.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
          ORDER BY f.seq DESC NULLS LAST
          LIMIT k.n
        ) AS w
        WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank),
      -- The page's last key among those first homes: no home after it can reach the page.
      t AS (SELECT w.place_rank, w.seq FROM w ORDER BY w.place_rank, w.seq DESC OFFSET p_page - 1 LIMIT 1),
      -- Only a place whose first walk stopped at its limit can hold more, and it walks on only while
      -- its homes come before that key (all of its rank's page when the first homes did not fill one).
      more AS (
        SELECT x.place_rank, m.seq, m.id
        FROM (SELECT w.location, w.place_rank, min(w.seq) AS last_seq FROM w
          GROUP BY w.location, w.place_rank HAVING count(*) = (SELECT k.n FROM k)) AS x
        LEFT JOIN t ON true
        CROSS JOIN LATERAL (
          SELECT f.seq, f.id
          FROM homes f
          WHERE f.location = x.location
            AND f.seq < x.last_seq
            AND f.seq > coalesce(CASE WHEN x.place_rank = t.place_rank THEN t.seq END, -9223372036854775807)
            AND search_home_fits(f.id, f.price_cents, f.bedrooms, f.total_guest, f.host_email, f.available_from,
              f.available_to, f.upcoming_from, f.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              CASE WHEN p_check_in IS NULL THEN p_min_price END, CASE WHEN p_check_in IS NULL THEN p_max_price END,
              p_bedrooms)
            AND f.unlisted_at IS NULL
            AND (p_check_in IS NULL OR search_dated_price_fits(f.id, f.price_cents, f.price_low_cents,
              f.price_high_cents, f.weekend_price_cents, f.has_price_periods, p_check_in, p_check_out,
              v_weekend_nights, p_min_price, p_max_price))
            AND (p_check_in IS NULL OR f.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
          ORDER BY f.seq DESC NULLS LAST
          LIMIT p_page
        ) AS m
        WHERE t.place_rank IS NULL OR x.place_rank <= t.place_rank)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location, NULL::text
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      -- The page's homes are read by primary key after the page is decided, not for every home
      -- each place's walk passes.
      (SELECT q.place_rank, h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json,
        -- What the server prices the home's stay from: its terms and its price periods over the stay,
        -- read only for a home that has any (ADR 0080).
        CASE WHEN p_check_in IS NOT NULL THEN home_stay_terms(h.price_cents, h.weekend_price_cents,
          h.weekly_discount_percent, h.monthly_discount_percent, h.last_minute_discount_percent,
          h.last_minute_days, h.early_bird_discount_percent, h.early_bird_days, h.guests_included,
          h.extra_guest_fee_cents, h.security_deposit_cents, h.cleaning_fee_cents, h.time_zone)
          || '|' || coalesce(CASE WHEN h.has_price_periods THEN (
            SELECT string_agg(pp.from_date::text || ' ' || pp.to_date::text || ' ' || pp.price_cents::text, ',')
            FROM price_periods pp WHERE pp.home_id = h.id AND pp.from_date < p_check_out AND pp.to_date > p_check_in) END, '')
        END
      FROM (SELECT u.place_rank, u.seq, u.id
        FROM (SELECT w.place_rank, w.seq, w.id FROM w UNION ALL SELECT more.place_rank, more.seq, more.id FROM more) AS u
        ORDER BY u.place_rank, u.seq DESC
        LIMIT p_page) AS q
      JOIN homes h ON h.id = q.id
      ORDER BY q.place_rank, q.seq DESC);
    ELSIF p_sort = 'price_asc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count
        FROM jsonb_to_recordset(p_places) AS c(location text, place_rank integer, home_count integer)
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
        WHERE NOT v_close AND p_places IS NULL
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location, NULL::text
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      -- The page's homes are read by primary key after the page is decided, as for newest: the walks
      -- stay inside homes_location_price_idx (a fully booked week passes every home of the place).
      (SELECT q.place_rank, q.seq, q.price_cents, h.rating_sum, h.rating_count, h.api_json,
        -- What the server prices the home's stay from: its terms and its price periods over the stay,
        -- read only for a home that has any (ADR 0080).
        CASE WHEN p_check_in IS NOT NULL THEN home_stay_terms(h.price_cents, h.weekend_price_cents,
          h.weekly_discount_percent, h.monthly_discount_percent, h.last_minute_discount_percent,
          h.last_minute_days, h.early_bird_discount_percent, h.early_bird_days, h.guests_included,
          h.extra_guest_fee_cents, h.security_deposit_cents, h.cleaning_fee_cents, h.time_zone)
          || '|' || coalesce(CASE WHEN h.has_price_periods THEN (
            SELECT string_agg(pp.from_date::text || ' ' || pp.to_date::text || ' ' || pp.price_cents::text, ',')
            FROM price_periods pp WHERE pp.home_id = h.id AND pp.from_date < p_check_out AND pp.to_date > p_check_in) END, '')
        END
      FROM (SELECT p.place_rank, w.seq, w.price_cents, w.id
      FROM p
      CROSS JOIN LATERAL (
        -- The homes whose nightly price is price_cents whatever the dates: the price index's walk.
        WITH a AS (
          SELECT h.seq, h.price_cents, h.id
          FROM homes h
          WHERE h.location = p.location
            AND (h.price_cents, h.seq) > (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE -1 END,
              CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE -1 END)
            -- Spelled out as well: the bounds of the index walk.
            AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
            AND (p_check_in IS NULL OR h.price_low_cents IS NULL)
            AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
              h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              p_min_price, p_max_price, p_bedrooms)
            AND h.unlisted_at IS NULL
            AND (p_check_in IS NULL OR h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
          ORDER BY h.price_cents, h.seq
          LIMIT p_page),
        -- How far the page of plain homes reaches; a short page (its last) reaches the end of the range.
        r AS (SELECT least(coalesce(p_max_price, 2147483647),
          CASE WHEN count(*) < p_page THEN 2147483647 ELSE max(a.price_cents) END) AS reach FROM a)
        SELECT a.seq, a.price_cents, a.id FROM a
        UNION ALL
        -- With dates, the homes whose nightly price depends on them (price_low_cents set), priced for
        -- the stay, only those that can still reach the page: whose stay costs at most r.reach, the
        -- page's dearest plain home. A stay's nightly price is at least its cheapest night, and a night
        -- costs the base or weekend price or that of a period overlapping the stay (as for a list
        -- without a place, dated-price-list.ts). So the candidates are the homes without periods, each
        -- priced from its homes_location_dated_low_idx entry, and the homes with periods
        -- (homes_location_periods_idx) whose cheaper of base and weekend price, or a period
        -- overlapping the stay, is at most r.reach. Both indexes carry what the walk filters on, so
        -- only the page's rows are read (ADR 0069). Bounding by price_low_cents alone priced every
        -- home whose low season is cheap, whatever the dates.
        (SELECT d.seq, d.price_cents, d.id
        FROM (
          SELECT c.seq, search_stay_nightly_cents(c.id, c.price_cents, c.weekend_price_cents, false, p_check_in,
              p_check_out, v_weekend_nights) AS price_cents, c.id
          FROM homes c
          WHERE p_check_in IS NOT NULL AND c.location = p.location AND c.price_low_cents IS NOT NULL
            AND NOT c.has_price_periods
            AND least(c.price_cents, c.weekend_price_cents) BETWEEN 0 AND (SELECT r.reach FROM r)
            AND search_home_fits(c.id, c.price_cents, c.bedrooms, c.total_guest, c.host_email, c.available_from,
              c.available_to, c.upcoming_from, c.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              NULL, NULL, p_bedrooms)
            AND c.unlisted_at IS NULL
            AND c.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)
          UNION ALL
          -- home_stay_nightly_cents's text, so that it is planned once with the statement: called, a SQL
          -- function that is not inlined is planned again on every call (about 1 ms, ADR 0069).
          SELECT c.seq, (SELECT ((2 * sum(coalesce(pp.price_cents,
                CASE WHEN c.weekend_price_cents IS NOT NULL AND extract(dow FROM n.night) IN (5, 6)
                  THEN c.weekend_price_cents ELSE c.price_cents END)) + (p_check_out - p_check_in))
              / (2 * (p_check_out - p_check_in)))::integer
            FROM (SELECT d::date AS night FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS d) AS n
            LEFT JOIN price_periods pp ON pp.home_id = c.id AND pp.from_date <= n.night AND n.night < pp.to_date), c.id
          FROM homes c
          WHERE p_check_in IS NOT NULL AND c.location = p.location AND c.price_low_cents IS NOT NULL
            AND c.has_price_periods
            AND c.price_low_cents BETWEEN 0 AND (SELECT r.reach FROM r)
            AND c.price_high_cents >= coalesce(p_min_price, 0)
            AND (least(c.price_cents, c.weekend_price_cents) <= (SELECT r.reach FROM r) OR EXISTS (
              SELECT FROM price_periods pp
              WHERE pp.home_id = c.id AND pp.from_date < p_check_out AND pp.to_date > p_check_in
                AND pp.price_cents <= (SELECT r.reach FROM r)))
            AND search_home_fits(c.id, c.price_cents, c.bedrooms, c.total_guest, c.host_email, c.available_from,
              c.available_to, c.upcoming_from, c.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              NULL, NULL, p_bedrooms)
            AND c.unlisted_at IS NULL
            AND c.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)
          -- Each home priced once: the range and cursor below are not pushed into the walks.
          OFFSET 0) AS d
        WHERE d.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND (d.price_cents, d.seq) > (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE -1 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE -1 END)
        ORDER BY d.price_cents, d.seq
        LIMIT p_page)
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents, w.seq
      LIMIT p_page) AS q
      JOIN homes h ON h.id = q.id
      ORDER BY q.place_rank, q.price_cents, q.seq);
    ELSIF p_sort = 'price_desc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count
        FROM jsonb_to_recordset(p_places) AS c(location text, place_rank integer, home_count integer)
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
        WHERE NOT v_close AND p_places IS NULL
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location, NULL::text
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      -- The page's homes are read by primary key after the page is decided, as for newest: the walks
      -- stay inside homes_location_price_idx (a fully booked week passes every home of the place).
      (SELECT q.place_rank, q.seq, q.price_cents, h.rating_sum, h.rating_count, h.api_json,
        -- What the server prices the home's stay from: its terms and its price periods over the stay,
        -- read only for a home that has any (ADR 0080).
        CASE WHEN p_check_in IS NOT NULL THEN home_stay_terms(h.price_cents, h.weekend_price_cents,
          h.weekly_discount_percent, h.monthly_discount_percent, h.last_minute_discount_percent,
          h.last_minute_days, h.early_bird_discount_percent, h.early_bird_days, h.guests_included,
          h.extra_guest_fee_cents, h.security_deposit_cents, h.cleaning_fee_cents, h.time_zone)
          || '|' || coalesce(CASE WHEN h.has_price_periods THEN (
            SELECT string_agg(pp.from_date::text || ' ' || pp.to_date::text || ' ' || pp.price_cents::text, ',')
            FROM price_periods pp WHERE pp.home_id = h.id AND pp.from_date < p_check_out AND pp.to_date > p_check_in) END, '')
        END
      FROM (SELECT p.place_rank, w.seq, w.price_cents, w.id
      FROM p
      CROSS JOIN LATERAL (
        -- The homes whose nightly price is price_cents whatever the dates: the price index's walk.
        WITH a AS (
          SELECT h.seq, h.price_cents, h.id
          FROM homes h
          WHERE h.location = p.location
            AND (h.price_cents, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE 2147483647 END,
              CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
            -- Spelled out as well: the bounds of the index walk.
            AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
            AND (p_check_in IS NULL OR h.price_low_cents IS NULL)
            AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
              h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              p_min_price, p_max_price, p_bedrooms)
            AND h.unlisted_at IS NULL
            AND (p_check_in IS NULL OR h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
          ORDER BY h.price_cents DESC, h.seq DESC
          LIMIT p_page),
        -- How far the page of plain homes reaches; a short page (its last) reaches the end of the range.
        r AS (SELECT greatest(coalesce(p_min_price, 0),
          CASE WHEN count(*) < p_page THEN 0 ELSE min(a.price_cents) END) AS reach FROM a)
        SELECT a.seq, a.price_cents, a.id FROM a
        UNION ALL
        -- With dates, the homes whose nightly price depends on them (price_low_cents set), priced for
        -- the stay, only those that can still reach the page: whose stay costs at least r.reach, the
        -- page's cheapest plain home; the mirror of price_asc (homes_location_dated_high_idx, ADR 0069).
        (SELECT d.seq, d.price_cents, d.id
        FROM (
          SELECT c.seq, search_stay_nightly_cents(c.id, c.price_cents, c.weekend_price_cents, false, p_check_in,
              p_check_out, v_weekend_nights) AS price_cents, c.id
          FROM homes c
          WHERE p_check_in IS NOT NULL AND c.location = p.location AND c.price_low_cents IS NOT NULL
            AND NOT c.has_price_periods
            AND greatest(c.price_cents, c.weekend_price_cents) BETWEEN (SELECT r.reach FROM r) AND 2147483647
            AND search_home_fits(c.id, c.price_cents, c.bedrooms, c.total_guest, c.host_email, c.available_from,
              c.available_to, c.upcoming_from, c.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              NULL, NULL, p_bedrooms)
            AND c.unlisted_at IS NULL
            AND c.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)
          UNION ALL
          -- home_stay_nightly_cents's text, so that it is planned once with the statement: called, a SQL
          -- function that is not inlined is planned again on every call (about 1 ms, ADR 0069).
          SELECT c.seq, (SELECT ((2 * sum(coalesce(pp.price_cents,
                CASE WHEN c.weekend_price_cents IS NOT NULL AND extract(dow FROM n.night) IN (5, 6)
                  THEN c.weekend_price_cents ELSE c.price_cents END)) + (p_check_out - p_check_in))
              / (2 * (p_check_out - p_check_in)))::integer
            FROM (SELECT d::date AS night FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS d) AS n
            LEFT JOIN price_periods pp ON pp.home_id = c.id AND pp.from_date <= n.night AND n.night < pp.to_date), c.id
          FROM homes c
          WHERE p_check_in IS NOT NULL AND c.location = p.location AND c.price_low_cents IS NOT NULL
            AND c.has_price_periods
            AND c.price_low_cents <= coalesce(p_max_price, 2147483647)
            AND c.price_high_cents >= (SELECT r.reach FROM r)
            AND (greatest(c.price_cents, c.weekend_price_cents) >= (SELECT r.reach FROM r) OR EXISTS (
              SELECT FROM price_periods pp
              WHERE pp.home_id = c.id AND pp.from_date < p_check_out AND pp.to_date > p_check_in
                AND pp.price_cents >= (SELECT r.reach FROM r)))
            AND search_home_fits(c.id, c.price_cents, c.bedrooms, c.total_guest, c.host_email, c.available_from,
              c.available_to, c.upcoming_from, c.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              NULL, NULL, p_bedrooms)
            AND c.unlisted_at IS NULL
            AND c.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)
          -- Each home priced once: the range and cursor below are not pushed into the walks.
          OFFSET 0) AS d
        WHERE d.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND (d.price_cents, d.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE 2147483647 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
        ORDER BY d.price_cents DESC, d.seq DESC
        LIMIT p_page)
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents DESC, w.seq DESC
      LIMIT p_page) AS q
      JOIN homes h ON h.id = q.id
      ORDER BY q.place_rank, q.price_cents DESC, q.seq DESC);
    ELSIF p_sort = 'rating' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count
        FROM jsonb_to_recordset(p_places) AS c(location text, place_rank integer, home_count integer)
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
        WHERE NOT v_close AND p_places IS NULL
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location, NULL::text
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json,
        -- What the server prices the home's stay from: its terms and its price periods over the stay,
        -- read only for a home that has any (ADR 0080).
        CASE WHEN p_check_in IS NOT NULL THEN home_stay_terms(w.price_cents, w.weekend_price_cents,
          w.weekly_discount_percent, w.monthly_discount_percent, w.last_minute_discount_percent,
          w.last_minute_days, w.early_bird_discount_percent, w.early_bird_days, w.guests_included,
          w.extra_guest_fee_cents, w.security_deposit_cents, w.cleaning_fee_cents, w.time_zone)
          || '|' || coalesce(CASE WHEN w.has_price_periods THEN (
            SELECT string_agg(pp.from_date::text || ' ' || pp.to_date::text || ' ' || pp.price_cents::text, ',')
            FROM price_periods pp WHERE pp.home_id = w.id AND pp.from_date < p_check_out AND pp.to_date > p_check_in) END, '')
        END
      FROM p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json, h.rating_sort, h.id, h.has_price_periods,
          h.weekend_price_cents, h.weekly_discount_percent, h.monthly_discount_percent, h.last_minute_discount_percent,
          h.last_minute_days, h.early_bird_discount_percent, h.early_bird_days, h.guests_included, h.extra_guest_fee_cents,
          h.security_deposit_cents, h.cleaning_fee_cents, h.time_zone
        FROM homes h
        WHERE h.location = p.location
          AND (h.rating_sort, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_rating ELSE 'Infinity'::double precision END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            CASE WHEN p_check_in IS NULL THEN p_min_price END, CASE WHEN p_check_in IS NULL THEN p_max_price END,
            p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR search_dated_price_fits(h.id, h.price_cents, h.price_low_cents,
            h.price_high_cents, h.weekend_price_cents, h.has_price_periods, p_check_in, p_check_out,
            v_weekend_nights, p_min_price, p_max_price))
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
--> statement-breakpoint
DROP FUNCTION IF EXISTS search_place_home_rows(text, text, date, date, integer, text, timestamptz, integer, integer,
  integer, text, integer, integer, double precision, bigint, integer);
--> statement-breakpoint
-- The place search of migration 0046, for a process of the previous release still serving during a
-- rolling start: search_place_page's page without what its stays are priced from (ADR 0080). A
-- later migration drops it.
CREATE OR REPLACE FUNCTION search_place_home_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_min_price integer, p_max_price integer, p_bedrooms integer,
  p_sort text, p_after_rank integer, p_after_price integer, p_after_rating double precision,
  p_after_seq bigint, p_page integer, p_places jsonb)
RETURNS TABLE (out_rank integer, out_seq bigint, out_price_cents integer, out_rating_sum integer,
  out_rating_count integer, out_api_json text)
LANGUAGE sql STABLE ROWS 25
AS $$
  SELECT f.out_rank, f.out_seq, f.out_price_cents, f.out_rating_sum, f.out_rating_count, f.out_api_json
  FROM search_place_page(p_term, p_escaped, p_check_in, p_check_out, p_guests, p_host_email, p_now, p_min_price,
    p_max_price, p_bedrooms, p_sort, p_after_rank, p_after_price, p_after_rating, p_after_seq, p_page, p_places) AS f
$$;
