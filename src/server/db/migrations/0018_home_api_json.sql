-- The home as the API answers it, stored on the row (ADR 0027). A search page used to come back as
-- 23 columns per home that Node parsed, turned into a Home and serialised again, on every request:
-- about a tenth of the CPU a search costs the machine. PostgreSQL now writes each home's JSON once,
-- when the row changes (a stored generated column), and a page is its rows' JSON joined.
--
-- The fields, their order and their values are those of toHome (src/server/features/homes/
-- homes-service.ts): amounts are cents / 100, the rating is the average of the published reviews
-- rounded half up to two decimals (null without reviews), a home without pictures shows the
-- placeholder. home-api-json.test.ts holds the two to each other on rows of every kind.
-- IMMUTABLE, as a generated column requires: it reads only its arguments, and to_json writes dates
-- in ISO form whatever the session's DateStyle.
CREATE FUNCTION home_api_json(
  p_id uuid, p_title text, p_location text, p_images text[], p_price_cents integer, p_total_guest integer,
  p_bedrooms integer, p_bathrooms integer, p_description text, p_available_from date, p_available_to date,
  p_host_email text, p_min_nights integer, p_max_nights integer, p_check_in_time text, p_check_out_time text,
  p_house_rules text, p_rating_sum integer, p_rating_count integer, p_cleaning_fee_cents integer,
  p_cancellation_policy text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '{"_id":' || to_json(p_id::text)::text
    || ',"title":' || to_json(p_title)::text
    || ',"location":' || to_json(p_location)::text
    || ',"image":' || to_json(coalesce(p_images[1], '/placeholder-home.svg'))::text
    || ',"images":' || to_json(CASE WHEN cardinality(p_images) > 0 THEN p_images ELSE ARRAY['/placeholder-home.svg'] END)::text
    || ',"price":' || trim_scale(p_price_cents::numeric / 100)::text
    || ',"total_guest":' || p_total_guest
    || ',"bedrooms":' || p_bedrooms
    || ',"bathrooms":' || p_bathrooms
    || ',"description":' || to_json(p_description)::text
    || ',"from":' || to_json(p_available_from)::text
    || ',"to":' || to_json(p_available_to)::text
    || ',"hostEmail":' || to_json(p_host_email)::text
    || ',"email":' || to_json(p_host_email)::text
    || ',"minNights":' || p_min_nights
    || ',"maxNights":' || p_max_nights
    || ',"checkInTime":' || to_json(p_check_in_time)::text
    || ',"checkOutTime":' || to_json(p_check_out_time)::text
    || ',"houseRules":' || to_json(p_house_rules)::text
    || ',"rating":' || CASE WHEN p_rating_count > 0
         THEN trim_scale(((p_rating_sum::bigint * 200 + p_rating_count) / (2 * p_rating_count))::numeric / 100)::text ELSE 'null' END
    || ',"reviewCount":' || p_rating_count
    || ',"cleaningFee":' || trim_scale(p_cleaning_fee_cents::numeric / 100)::text
    || ',"cancellationPolicy":' || to_json(p_cancellation_policy)::text
    || '}'
$$;
--> statement-breakpoint
-- Adding a stored column rewrites the table under an exclusive lock (docs/operations.md, upgrading).
ALTER TABLE "homes" ADD COLUMN "api_json" text GENERATED ALWAYS AS (home_api_json(id, title, location, images, price_cents, total_guest, bedrooms, bathrooms, description, available_from, available_to, host_email, min_nights, max_nights, check_in_time, check_out_time, house_rules, rating_sum, rating_count, cleaning_fee_cents, cancellation_policy)) STORED NOT NULL;
--> statement-breakpoint
-- As in migration 0017, answering each home's JSON and the fields a cursor is made of.
DROP FUNCTION search_place_home_rows(text, text, date, date, integer, text, timestamptz, integer, integer,
  integer, text, integer, integer, double precision, bigint, integer);
--> statement-breakpoint
CREATE FUNCTION search_place_home_rows(
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
  v_fuzzy boolean;
  v_left integer := p_page;
  v_found integer;
BEGIN
  FOREACH v_fuzzy IN ARRAY ARRAY[false, true] LOOP
    -- A cursor among the close spellings has left every place containing the term behind.
    CONTINUE WHEN NOT v_fuzzy AND p_after_rank = 4;
    IF p_sort = 'newest' THEN
      RETURN QUERY
      SELECT p.place_rank, h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
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
      SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM search_place_matches(p_term, p_escaped, p_after_rank, v_fuzzy) AS p
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
      SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM search_place_matches(p_term, p_escaped, p_after_rank, v_fuzzy) AS p
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
      SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM search_place_matches(p_term, p_escaped, p_after_rank, v_fuzzy) AS p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json, h.rating_sort
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
