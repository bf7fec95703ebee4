-- Search fast for every query shape (issue 29) and the dated price sort and filter (issue 27),
-- ADR 0058. The text of src/server/db/sql/search-place-best.sql, home-stay-nightly-cents.sql,
-- search-stay-nightly-cents.sql, search-dated-price-fits.sql, home-price-bounds.sql, price-periods-bounds.sql, search-place-set.sql,
-- search-place-home-rows.sql and price-histogram-rows.sql.
-- Each home's lowest and highest nightly price, NULL when every night costs price_cents, and
-- whether it has price periods.
ALTER TABLE "homes" ADD COLUMN "price_low_cents" integer;
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "price_high_cents" integer;
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "has_price_periods" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The best p_limit places containing the term (search_place_containing's ranks), by rank, then the
-- places with more homes, then by name (issue 29, ADR 0058). A place search walks only these: a
-- prefix that matches hundreds of places ("San", "Port") costs what a few places cost, and shows the
-- places most people mean. One trigram scan of home_locations and a top-N sort of what it matched.
CREATE OR REPLACE FUNCTION search_place_best(p_term text, p_escaped text, p_limit integer)
RETURNS TABLE (location text, place_rank integer, home_count integer)
LANGUAGE sql STABLE ROWS 20
AS $$
  SELECT c.location, c.place_rank, c.home_count
  FROM search_place_containing(p_term, p_escaped) AS c
  ORDER BY c.place_rank, c.home_count DESC, c.location
  LIMIT p_limit
$$;
--> statement-breakpoint
-- A stay's nightly price as src/shared/pricing-quote.ts computes it (nightlyCents: the average of
-- its nights' prices, rounded half up; a night takes its price period's price, else the weekend
-- price on a Friday or Saturday night when the home has one, else the base price), for a dated
-- search's price sort and filter (issue 27, ADR 0058). pricing-quote.ts stays the price charged;
-- search-dated-price.test.ts checks that both agree.
CREATE OR REPLACE FUNCTION home_stay_nightly_cents(p_home_id uuid, p_check_in date, p_check_out date)
RETURNS integer LANGUAGE sql STABLE
AS $$
  SELECT ((2 * sum(coalesce(pp.price_cents,
      CASE WHEN h.weekend_price_cents IS NOT NULL AND extract(dow FROM n.night) IN (5, 6)
        THEN h.weekend_price_cents ELSE h.price_cents END)) + (p_check_out - p_check_in))
    / (2 * (p_check_out - p_check_in)))::integer
  FROM homes h
  CROSS JOIN LATERAL (SELECT d::date AS night FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS d) AS n
  LEFT JOIN price_periods pp ON pp.home_id = h.id AND pp.from_date <= n.night AND n.night < pp.to_date
  WHERE h.id = p_home_id
$$;
--> statement-breakpoint
-- A stay's nightly price for a search walk (ADR 0058): for a home without price periods, arithmetic
-- on its columns (the stay's weekend nights, counted once per search, at the weekend price, the
-- others at the base price; the average rounded half up as home_stay_nightly_cents); with periods,
-- home_stay_nightly_cents. A plain SQL function, inlined into the walks.
CREATE OR REPLACE FUNCTION search_stay_nightly_cents(
  h_id uuid, h_price_cents integer, h_weekend_price_cents integer, h_has_price_periods boolean,
  p_check_in date, p_check_out date, p_weekend_nights integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN h_has_price_periods THEN home_stay_nightly_cents(h_id, p_check_in, p_check_out)
    ELSE ((2 * (h_price_cents::bigint * ((p_check_out - p_check_in) - p_weekend_nights)
        + coalesce(h_weekend_price_cents, h_price_cents)::bigint * p_weekend_nights) + (p_check_out - p_check_in))
      / (2 * (p_check_out - p_check_in)))::integer
  END
$$;
--> statement-breakpoint
-- Whether a home's nightly price for the dates is in a dated search's price range (issue 27, ADR
-- 0058): price_cents for a home whose every night costs it (price_low_cents NULL), else the stay's
-- price, computed only when its lowest and highest nights overlap the range. Inlined into the walks.
CREATE OR REPLACE FUNCTION search_dated_price_fits(
  h_id uuid, h_price_cents integer, h_price_low_cents integer, h_price_high_cents integer,
  h_weekend_price_cents integer, h_has_price_periods boolean, p_check_in date, p_check_out date,
  p_weekend_nights integer, p_min_price integer, p_max_price integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (p_min_price IS NULL AND p_max_price IS NULL)
    OR CASE WHEN h_price_low_cents IS NULL
      THEN h_price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
      ELSE h_price_low_cents <= coalesce(p_max_price, 2147483647) AND h_price_high_cents >= coalesce(p_min_price, 0)
        AND search_stay_nightly_cents(h_id, h_price_cents, h_weekend_price_cents, h_has_price_periods, p_check_in,
          p_check_out, p_weekend_nights)
          BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
    END
$$;
--> statement-breakpoint
-- Keeps homes.price_low_cents and price_high_cents (ADR 0058): the lowest and highest price any of
-- the home's nights can have (base, weekend, price periods), both NULL when every night costs
-- price_cents, and has_price_periods. Run on a home's insert and on a change of its base or weekend price; price_periods'
-- trigger touches price_cents so this runs when a period changes.
CREATE OR REPLACE FUNCTION home_price_bounds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_low integer;
  v_high integer;
  v_periods integer;
BEGIN
  -- least and greatest skip NULLs: no weekend price, no periods.
  SELECT least(NEW.price_cents, NEW.weekend_price_cents, min(pp.price_cents)),
         greatest(NEW.price_cents, NEW.weekend_price_cents, max(pp.price_cents)), count(pp.id)
  INTO v_low, v_high, v_periods
  FROM price_periods pp WHERE pp.home_id = NEW.id;
  IF v_low = v_high THEN
    NEW.price_low_cents := NULL;
    NEW.price_high_cents := NULL;
  ELSE
    NEW.price_low_cents := v_low;
    NEW.price_high_cents := v_high;
  END IF;
  NEW.has_price_periods := v_periods > 0;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER homes_price_bounds BEFORE INSERT OR UPDATE OF price_cents, weekend_price_cents ON homes
  FOR EACH ROW EXECUTE FUNCTION home_price_bounds();
--> statement-breakpoint
-- A price period added, changed or removed moves its home's price bounds (ADR 0058): setting the
-- home's price to itself runs homes_price_bounds, which reads the periods again.
CREATE OR REPLACE FUNCTION price_periods_bounds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE homes SET price_cents = price_cents
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.home_id ELSE NEW.home_id END
     OR (TG_OP = 'UPDATE' AND id = OLD.home_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER price_periods_bounds AFTER INSERT OR UPDATE OR DELETE ON price_periods
  FOR EACH ROW EXECUTE FUNCTION price_periods_bounds();
--> statement-breakpoint
-- Homes from before: those with a weekend price or price periods get their bounds.
UPDATE homes SET price_cents = price_cents
WHERE weekend_price_cents IS NOT NULL OR id IN (SELECT pp.home_id FROM price_periods pp);
--> statement-breakpoint
DROP INDEX "homes_location_idx";
--> statement-breakpoint
CREATE INDEX "homes_location_price_low_idx" ON "homes" USING btree ("location","price_low_cents","seq") WHERE "homes"."price_low_cents" is not null;
--> statement-breakpoint
CREATE INDEX "homes_location_price_high_idx" ON "homes" USING btree ("location","price_high_cents","seq") WHERE "homes"."price_high_cents" is not null;
--> statement-breakpoint
CREATE INDEX "homes_location_idx" ON "homes" USING btree ("location","seq" DESC NULLS LAST,"price_cents","bedrooms","total_guest","available_from","available_to","upcoming_from","upcoming_nights","id","host_email","price_low_cents","price_high_cents","weekend_price_cents","has_price_periods","unlisted_at");
--> statement-breakpoint
CREATE INDEX "home_locations_lower_idx" ON "home_locations" USING btree (lower("location") text_pattern_ops);
--> statement-breakpoint
-- For the suggestions: the places containing the term, or, only when there are none, up to
-- p_close_limit close spellings (closeness 1 for the former). A term of one or two letters (the
-- first keystrokes) is inside most places' names and has no trigram to search by: it suggests the
-- best p_close_limit places whose name starts with it, by rank and homes (migration 0036, ADR
-- 0058), one walk of home_locations_lower_idx, instead of ranking nearly every place; only when
-- none starts with it, the places containing it.
CREATE OR REPLACE FUNCTION search_place_set(p_term text, p_escaped text, p_close_limit integer)
RETURNS TABLE (location text, place_rank integer, home_count integer, closeness real)
LANGUAGE plpgsql STABLE ROWS 25
AS $$
BEGIN
  IF length(p_term) < 3 THEN
    RETURN QUERY
    SELECT s.location, s.place_rank, s.home_count, 1::real
    FROM (
      SELECT l.location,
        CASE WHEN lower(trim(split_part(l.location, ',', 1))) = lower(p_term) THEN 0 ELSE 2 END AS place_rank,
        l.home_count::integer AS home_count
      FROM home_locations l
      WHERE lower(l.location) LIKE p_escaped || '%') AS s
    ORDER BY s.place_rank, s.home_count DESC, s.location
    LIMIT p_close_limit;
    -- No name starts with it ("%" of "100% Beach"): the places containing it, as for longer terms.
    IF FOUND THEN
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT c.location, c.place_rank, c.home_count, 1::real FROM search_place_containing(p_term, p_escaped) c;
  IF NOT FOUND THEN
    RETURN QUERY SELECT * FROM search_place_close(p_term, p_close_limit);
  END IF;
END;
$$;
--> statement-breakpoint
-- One page of a place search, as in migration 0018, over the places decided first: the best
-- SEARCH_PLACES_MAX (20) of those containing the term (search_place_best: by rank, then homes), or
-- else the one closest spelling (issue 29, ADR 0058: a prefix matching hundreds of places walks 20).
-- With dates, the price sorts and the price filter read the nightly price for those dates (issue 27,
-- ADR 0058): homes whose every night costs price_cents (price_low_cents NULL) walk the price index
-- as before; the others are priced by search_stay_nightly_cents, only those whose lowest (highest)
-- night can still reach the page, which the plain walk bounds. The first row says what was matched: out_seq NULL,
-- out_rank the best place's rank and out_api_json its name (both NULL when nothing matched); the
-- page's homes follow. The walks are those of migration 0018, one per matched place, over the
-- matched places read once (a materialized CTE, which also gives the first row).
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
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      -- The page's homes are read by primary key after the page is decided, not for every home
      -- each place's walk passes (20 places: up to 20 pages of index entries, one page of rows).
      (SELECT q.place_rank, h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
      FROM (SELECT p.place_rank, w.seq, w.id
      FROM p
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
        LIMIT p_page
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.seq DESC
      LIMIT p_page) AS q
      JOIN homes h ON h.id = q.id
      ORDER BY q.place_rank, q.seq DESC);
    ELSIF p_sort = 'price_asc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        -- The homes whose nightly price is price_cents whatever the dates: the price index's walk.
        WITH a AS (
          SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
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
          LIMIT p_page)
        SELECT a.seq, a.price_cents, a.rating_sum, a.rating_count, a.api_json FROM a
        UNION ALL
        -- With dates, the homes whose nightly price depends on them, priced for the stay: by
        -- homes_location_price_low_idx: those whose lowest night is at most the page's dearest plain home.
        (SELECT d.seq, d.price_cents, d.rating_sum, d.rating_count, d.api_json
        FROM (
          SELECT h.seq, search_stay_nightly_cents(h.id, h.price_cents, h.weekend_price_cents, h.has_price_periods,
            p_check_in, p_check_out, v_weekend_nights) AS price_cents, h.rating_sum,
            h.rating_count, h.api_json
          FROM homes h
          WHERE p_check_in IS NOT NULL AND h.location = p.location AND h.price_low_cents IS NOT NULL
            AND h.price_high_cents IS NOT NULL
            AND h.price_low_cents <= least(coalesce(p_max_price, 2147483647),
              (SELECT CASE WHEN count(*) < p_page THEN 2147483647 ELSE max(a.price_cents) END FROM a))
            AND h.price_high_cents >= coalesce(p_min_price, 0)
            AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
              h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              NULL, NULL, p_bedrooms)
            AND h.unlisted_at IS NULL
            AND (p_check_in IS NULL OR h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
          OFFSET 0) AS d
        WHERE d.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND (d.price_cents, d.seq) > (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE -1 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE -1 END)
        ORDER BY d.price_cents, d.seq
        LIMIT p_page)
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents, w.seq
      LIMIT p_page);
    ELSIF p_sort = 'price_desc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        -- The homes whose nightly price is price_cents whatever the dates: the price index's walk.
        WITH a AS (
          SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
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
          LIMIT p_page)
        SELECT a.seq, a.price_cents, a.rating_sum, a.rating_count, a.api_json FROM a
        UNION ALL
        -- With dates, the homes whose nightly price depends on them, priced for the stay: by
        -- homes_location_price_high_idx: those whose highest night is at least the page's cheapest plain home.
        (SELECT d.seq, d.price_cents, d.rating_sum, d.rating_count, d.api_json
        FROM (
          SELECT h.seq, search_stay_nightly_cents(h.id, h.price_cents, h.weekend_price_cents, h.has_price_periods,
            p_check_in, p_check_out, v_weekend_nights) AS price_cents, h.rating_sum,
            h.rating_count, h.api_json
          FROM homes h
          WHERE p_check_in IS NOT NULL AND h.location = p.location AND h.price_low_cents IS NOT NULL
            AND h.price_high_cents IS NOT NULL
            AND h.price_high_cents >= greatest(coalesce(p_min_price, 0),
              (SELECT CASE WHEN count(*) < p_page THEN 0 ELSE min(a.price_cents) END FROM a))
            AND h.price_low_cents <= coalesce(p_max_price, 2147483647)
            AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
              h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
              NULL, NULL, p_bedrooms)
            AND h.unlisted_at IS NULL
            AND (p_check_in IS NULL OR h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
          OFFSET 0) AS d
        WHERE d.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND (d.price_cents, d.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE 2147483647 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
        ORDER BY d.price_cents DESC, d.seq DESC
        LIMIT p_page)
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents DESC, w.seq DESC
      LIMIT p_page);
    ELSIF p_sort = 'rating' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_best(p_term, p_escaped, 20) AS c
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
