-- Upcoming nights in the place index (ADR 0026). A dated search that finds few free homes (a fully
-- booked week in a place of 10,000 homes) used to read every row of the place to test its
-- confirmed_nights: 9,337 buffers, 17-22 ms. homes_location_idx now carries every column a place
-- walk filters on, with the nights from a recent day on (upcoming_nights), so that walk is an
-- index-only scan and reads rows only for the page it answers. confirmed_nights keeps every past
-- stay and block and could outgrow a B-tree entry (about 2.7 KB); upcoming_nights is cut to a
-- recent day when it is refreshed and left NULL when still over 1 KB, and a search then reads
-- confirmed_nights from the row as before.
DROP INDEX "homes_location_idx";--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "upcoming_nights" datemultirange DEFAULT '{}'::datemultirange;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "upcoming_from" date DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
-- home_locations_move (migration 0005) joined its old and new transition tables to find a moved
-- home: with no statistics on them a nested loop, quadratic in the rows an UPDATE of homes touches
-- (minutes for the backfill below at 50,000 booked homes). Counted like home_price_stats_move
-- (migration 0016) instead: +1 per new row, -1 per old row, per location; a statement that moves no
-- home nets to nothing and writes nothing.
CREATE OR REPLACE FUNCTION home_locations_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_locations AS l (location, home_count)
    SELECT d.location, sum(d.n)::integer
    FROM (SELECT location, 1 AS n FROM new_rows UNION ALL SELECT location, -1 FROM old_rows) AS d
    GROUP BY d.location HAVING sum(d.n) <> 0
    ON CONFLICT (location) DO UPDATE SET home_count = l.home_count + excluded.home_count;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  DELETE FROM home_locations AS l
    USING (SELECT location FROM old_rows EXCEPT SELECT location FROM new_rows) AS left_behind
    WHERE l.location = left_behind.location AND l.home_count <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Where a refresh cuts a home's nights: two days back, so a search for "today" in any time zone
-- still uses the cut; '-infinity' when no night lies before it (nothing was cut off).
CREATE FUNCTION homes_upcoming_from(p_nights datemultirange) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN lower(p_nights) < current_date - 2 THEN current_date - 2 ELSE '-infinity'::date END
$$;
--> statement-breakpoint
-- The nights from p_from on, or NULL when they would not fit an index entry beside the home's
-- other columns. An entry may hold 2,704 bytes; the fixed columns take about 100, location and host
-- email the rest (through the API at most 120 and 254 characters, so 1 KB of nights always fits;
-- rows written otherwise get less room).
CREATE FUNCTION homes_upcoming_nights(p_nights datemultirange, p_from date, p_location text, p_host_email text)
RETURNS datemultirange LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN pg_column_size(c.nights) <= least(1024, 2400 - octet_length(p_location) - octet_length(p_host_email))
    THEN c.nights END
  FROM (SELECT p_nights * datemultirange(daterange(p_from, NULL)) AS nights) AS c
$$;
--> statement-breakpoint
-- As in migration 0009, plus the upcoming columns from the same aggregate.
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
            SELECT b.stay FROM bookings b WHERE b.home_id = u.id AND b.status = 'confirmed'
            UNION ALL
            SELECT k.stay FROM home_blocks k WHERE k.home_id = u.id) AS s),
        '{}'::datemultirange) AS nights
      FROM (SELECT DISTINCT unnest(home_ids) AS id) AS u) AS n
    WHERE h.id = n.id;
END;
$$;
--> statement-breakpoint
UPDATE homes SET upcoming_from = homes_upcoming_from(confirmed_nights),
    upcoming_nights = homes_upcoming_nights(confirmed_nights, homes_upcoming_from(confirmed_nights), location,
      host_email)
  WHERE confirmed_nights <> '{}'::datemultirange;
--> statement-breakpoint
CREATE INDEX "homes_location_idx" ON "homes" USING btree ("location","seq" DESC NULLS LAST,"price_cents","bedrooms","total_guest","available_from","available_to","upcoming_from","upcoming_nights","id","host_email");--> statement-breakpoint
-- Whether a home's confirmed nights (every stay and block) overlap p_stay: the slow path, for a
-- home whose upcoming_nights is NULL or cut after the searched dates. Not inlined (it reads a
-- row), so a walk that calls it only references h.id and stays index-only.
CREATE FUNCTION home_nights_overlap(p_home_id uuid, p_stay daterange) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT h.confirmed_nights && p_stay FROM homes h WHERE h.id = p_home_id), false)
$$;
--> statement-breakpoint
-- Whether one home passes a search's filters (price, bedrooms, guests, host, window, confirmed
-- nights); live holds are tested by the caller, once per statement (a hashed subplan). A plain SQL
-- expression, inlined into each walk's statement, so the filters are written once for every sort
-- and the planner still sees the columns (index conditions, index-only scans). Takes columns, not
-- the row: a whole-row reference would make every walk read the row.
CREATE FUNCTION search_home_fits(
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
--> statement-breakpoint
-- As in migration 0015 (the cursor, the two tiers of places, one statement per sort), with the
-- filters in search_home_fits. Newest first walks homes_location_idx index-only and reads the
-- rows of the page afterwards, by primary key; the other sorts read each row they walk.
CREATE OR REPLACE FUNCTION search_place_home_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_min_price integer, p_max_price integer, p_bedrooms integer,
  p_sort text, p_after_rank integer, p_after_price integer, p_after_rating double precision,
  p_after_seq bigint, p_page integer)
RETURNS TABLE (out_rank integer, out_seq bigint, out_id uuid, out_host_email text, out_title text,
  out_location text, out_description text, out_price_cents integer, out_total_guest integer,
  out_bedrooms integer, out_bathrooms integer, out_available_from date, out_available_to date,
  out_images text[], out_min_nights integer, out_max_nights integer, out_check_in_time text,
  out_check_out_time text, out_house_rules text, out_rating_count integer, out_rating_sum integer,
  out_cleaning_fee_cents integer, out_cancellation_policy text)
LANGUAGE plpgsql STABLE ROWS 25
SET plan_cache_mode = force_generic_plan
-- Why sorting and JIT are off: migration 0015.
SET enable_sort = off
SET jit = off
AS $$
DECLARE
  v_fuzzy boolean;
  v_left integer := p_page;
  v_found integer;
BEGIN
  FOREACH v_fuzzy IN ARRAY ARRAY[false, true] LOOP
    -- A cursor among the close spellings has left every place containing the term behind.
    CONTINUE WHEN NOT v_fuzzy AND p_after_rank = 4;
    IF p_sort = 'newest' THEN
      RETURN QUERY
      SELECT p.place_rank, h.seq, h.id, h.host_email, h.title, h.location, h.description, h.price_cents, h.total_guest,
        h.bedrooms, h.bathrooms, h.available_from, h.available_to, h.images, h.min_nights, h.max_nights,
        h.check_in_time, h.check_out_time, h.house_rules, h.rating_count, h.rating_sum, h.cleaning_fee_cents,
        h.cancellation_policy
      FROM search_place_matches(p_term, p_escaped, p_after_rank, v_fuzzy) AS p
      CROSS JOIN LATERAL (
        SELECT f.seq, f.id
        FROM homes f
        WHERE f.location = p.location
          AND f.seq < CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END
          AND search_home_fits(f.id, f.price_cents, f.bedrooms, f.total_guest, f.host_email, f.available_from,
            f.available_to, f.upcoming_from, f.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND (p_check_in IS NULL OR f.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND b.hold_expires_at > p_now
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY f.seq DESC NULLS LAST
        LIMIT v_left
      ) AS w
      JOIN homes h ON h.id = w.id
      ORDER BY p.place_rank, w.seq DESC
      LIMIT v_left;
    ELSIF p_sort = 'price_asc' THEN
      RETURN QUERY
      SELECT p.place_rank, w.seq, w.id, w.host_email, w.title, w.location, w.description, w.price_cents, w.total_guest,
        w.bedrooms, w.bathrooms, w.available_from, w.available_to, w.images, w.min_nights, w.max_nights,
        w.check_in_time, w.check_out_time, w.house_rules, w.rating_count, w.rating_sum, w.cleaning_fee_cents,
        w.cancellation_policy
      FROM search_place_matches(p_term, p_escaped, p_after_rank, v_fuzzy) AS p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.id, h.host_email, h.title, h.location, h.description, h.price_cents, h.total_guest,
        h.bedrooms, h.bathrooms, h.available_from, h.available_to, h.images, h.min_nights, h.max_nights,
        h.check_in_time, h.check_out_time, h.house_rules, h.rating_count, h.rating_sum, h.cleaning_fee_cents,
        h.cancellation_policy
        FROM homes h
        WHERE h.location = p.location
          AND (h.price_cents, h.seq) > (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE -1 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE -1 END)
          -- Spelled out as well: the bounds of the index walk.
          AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND b.hold_expires_at > p_now
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.price_cents, h.seq
        LIMIT v_left
      ) AS w
      ORDER BY p.place_rank, w.price_cents, w.seq
      LIMIT v_left;
    ELSIF p_sort = 'price_desc' THEN
      RETURN QUERY
      SELECT p.place_rank, w.seq, w.id, w.host_email, w.title, w.location, w.description, w.price_cents, w.total_guest,
        w.bedrooms, w.bathrooms, w.available_from, w.available_to, w.images, w.min_nights, w.max_nights,
        w.check_in_time, w.check_out_time, w.house_rules, w.rating_count, w.rating_sum, w.cleaning_fee_cents,
        w.cancellation_policy
      FROM search_place_matches(p_term, p_escaped, p_after_rank, v_fuzzy) AS p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.id, h.host_email, h.title, h.location, h.description, h.price_cents, h.total_guest,
        h.bedrooms, h.bathrooms, h.available_from, h.available_to, h.images, h.min_nights, h.max_nights,
        h.check_in_time, h.check_out_time, h.house_rules, h.rating_count, h.rating_sum, h.cleaning_fee_cents,
        h.cancellation_policy
        FROM homes h
        WHERE h.location = p.location
          AND (h.price_cents, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE 2147483647 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
          AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND b.hold_expires_at > p_now
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.price_cents DESC, h.seq DESC
        LIMIT v_left
      ) AS w
      ORDER BY p.place_rank, w.price_cents DESC, w.seq DESC
      LIMIT v_left;
    ELSIF p_sort = 'rating' THEN
      RETURN QUERY
      SELECT p.place_rank, w.seq, w.id, w.host_email, w.title, w.location, w.description, w.price_cents, w.total_guest,
        w.bedrooms, w.bathrooms, w.available_from, w.available_to, w.images, w.min_nights, w.max_nights,
        w.check_in_time, w.check_out_time, w.house_rules, w.rating_count, w.rating_sum, w.cleaning_fee_cents,
        w.cancellation_policy
      FROM search_place_matches(p_term, p_escaped, p_after_rank, v_fuzzy) AS p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.id, h.host_email, h.title, h.location, h.description, h.price_cents, h.total_guest,
        h.bedrooms, h.bathrooms, h.available_from, h.available_to, h.images, h.min_nights, h.max_nights,
        h.check_in_time, h.check_out_time, h.house_rules, h.rating_count, h.rating_sum, h.cleaning_fee_cents,
        h.cancellation_policy, h.rating_sort
        FROM homes h
        WHERE h.location = p.location
          AND (h.rating_sort, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_rating ELSE 'Infinity'::double precision END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND b.hold_expires_at > p_now
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.rating_sort DESC, h.seq DESC
        LIMIT v_left
      ) AS w
      ORDER BY p.place_rank, w.rating_sort DESC, w.seq DESC
      LIMIT v_left;
    ELSE
      RAISE EXCEPTION 'unknown sort %', p_sort USING ERRCODE = '22023';
    END IF;

    GET DIAGNOSTICS v_found = ROW_COUNT;
    v_left := v_left - v_found;
    EXIT WHEN v_left <= 0;
  END LOOP;
END;
$$;
