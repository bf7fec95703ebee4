-- Search sorts and filters (issue 13, ADR 0020). rating_sort is the rating sort's key: the average
-- of the published reviews, -1 without any (homes without reviews last, and no NULLs for the cursor).
-- One btree per sort key and shape, so each sort is an ordered index walk that stops after a page:
-- (location, key, seq) for a place search, (key, seq) for a list; walked forwards for price_asc,
-- backwards for price_desc and rating. seq breaks ties and keys the cursor.
ALTER TABLE "homes" ADD COLUMN "rating_sort" double precision GENERATED ALWAYS AS (case when rating_count > 0 then rating_sum::double precision / rating_count else -1 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "homes_location_price_idx" ON "homes" USING btree ("location","price_cents","seq");--> statement-breakpoint
CREATE INDEX "homes_location_rating_idx" ON "homes" USING btree ("location","rating_sort","seq");--> statement-breakpoint
CREATE INDEX "homes_price_idx" ON "homes" USING btree ("price_cents","seq");--> statement-breakpoint
CREATE INDEX "homes_rating_idx" ON "homes" USING btree ("rating_sort","seq");--> statement-breakpoint
-- The old signature (no sort, no price or bedrooms) and its thin wrapper go: nothing calls them.
DROP FUNCTION search_place_homes(text, text, date, date, integer, text, timestamptz, integer, bigint, integer);
--> statement-breakpoint
DROP FUNCTION search_place_home_rows(text, text, date, date, integer, text, timestamptz, integer, bigint, integer);
--> statement-breakpoint
-- The places a term matches, ranked (0 the city is the term, 1 the city starts with it, 2 a word of
-- the place starts with it, 3 the place contains it, 4 only a close spelling): "Porto" ranks
-- "Porto, Portugal" before any "Portugal" place. In two tiers, so the close spellings (the costlier
-- trigram `<%` scan) are looked for only when the places containing the term did not fill the page:
-- p_fuzzy false answers the places containing the term (ranks 0-3, one trigram ILIKE index scan),
-- p_fuzzy true only the other close spellings (rank 4). Each half is gated on p_fuzzy, a one-time
-- filter in the caller's generic plan, so the other half's scan never runs. A plain SQL function,
-- inlined into the caller's statement, so the rules are written once for every sort. Places ranked
-- before a cursor's rank are skipped.
CREATE FUNCTION search_place_matches(p_term text, p_escaped text, p_after_rank integer, p_fuzzy boolean)
RETURNS TABLE (location text, place_rank integer)
LANGUAGE sql STABLE ROWS 25
AS $$
  SELECT r.location, r.place_rank
  FROM (
    SELECT l.location,
      CASE
        WHEN lower(trim(split_part(l.location, ',', 1))) = lower(p_term) THEN 0
        WHEN lower(trim(split_part(l.location, ',', 1))) LIKE p_escaped || '%' THEN 1
        WHEN lower(l.location) LIKE p_escaped || '%' OR lower(l.location) LIKE '% ' || p_escaped || '%'
          OR lower(l.location) LIKE '%,' || p_escaped || '%' THEN 2
        ELSE 3
      END AS place_rank
    FROM home_locations l
    WHERE NOT p_fuzzy AND l.location ILIKE '%' || p_escaped || '%'
    UNION ALL
    SELECT l.location, 4
    FROM home_locations l
    WHERE p_fuzzy AND p_term <% l.location AND l.location NOT ILIKE '%' || p_escaped || '%'
  ) AS r
  WHERE p_after_rank IS NULL OR r.place_rank >= p_after_rank
$$;
--> statement-breakpoint
-- One page of a place search in the asked order: best place first, then the sort's key, then seq.
-- Per matched place one walk of the sort's index in its order, filtering each row (price,
-- bedrooms, guests, host, window, confirmed nights, live holds) and stopping at what the page still
-- needs; the short walks are merged. First the places containing the term, then, only if the page is
-- not full, the close spellings (rank 4, after every other rank, so the tiers simply follow each
-- other). One RETURN QUERY per sort, because each needs its own ORDER BY to walk its index; each
-- statement's plan is generic and kept per connection (ADR 0011). Prices in cents. A cursor is
-- (rank, key, seq): places of its rank continue after it, places ranked after it start from their
-- first row.
CREATE FUNCTION search_place_home_rows(
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
-- Every walk has an index in its order, so no plan here needs a sort but the merge of the short walks.
-- The generic plan cannot see the page size or how many rows the filters pass (it guesses 1), so a
-- bitmap scan of the whole place plus a sort could look as cheap as the ordered walk that stops
-- after a page, and did at 1,000,000 homes (204 buffers instead of 44 for a place of 200 homes, the
-- whole place for a place of 10,000). Sorting is made the last resort for this function's statements.
SET enable_sort = off
-- A disabled sort adds a huge cost to the one unavoidable merge sort, which would make every call
-- JIT-compile its expressions (about 1 s each, measured): these statements read a page, never JIT.
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
          AND h.seq < CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END
          AND (p_min_price IS NULL OR h.price_cents >= p_min_price)
          AND (p_max_price IS NULL OR h.price_cents <= p_max_price)
          AND (p_bedrooms IS NULL OR h.bedrooms >= p_bedrooms)
          AND (p_guests IS NULL OR h.total_guest >= p_guests)
          AND (p_host_email IS NULL OR lower(h.host_email) = lower(p_host_email))
          AND (p_check_in IS NULL OR (
            h.available_from <= p_check_in AND h.available_to >= p_check_out
            AND NOT (h.confirmed_nights && daterange(p_check_in, p_check_out, '[)'))
            AND h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND b.hold_expires_at > p_now
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
        ORDER BY h.seq DESC NULLS LAST
        LIMIT v_left
      ) AS w
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
          AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND (p_bedrooms IS NULL OR h.bedrooms >= p_bedrooms)
          AND (p_guests IS NULL OR h.total_guest >= p_guests)
          AND (p_host_email IS NULL OR lower(h.host_email) = lower(p_host_email))
          AND (p_check_in IS NULL OR (
            h.available_from <= p_check_in AND h.available_to >= p_check_out
            AND NOT (h.confirmed_nights && daterange(p_check_in, p_check_out, '[)'))
            AND h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND b.hold_expires_at > p_now
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
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
          AND (p_bedrooms IS NULL OR h.bedrooms >= p_bedrooms)
          AND (p_guests IS NULL OR h.total_guest >= p_guests)
          AND (p_host_email IS NULL OR lower(h.host_email) = lower(p_host_email))
          AND (p_check_in IS NULL OR (
            h.available_from <= p_check_in AND h.available_to >= p_check_out
            AND NOT (h.confirmed_nights && daterange(p_check_in, p_check_out, '[)'))
            AND h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND b.hold_expires_at > p_now
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
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
          AND (p_min_price IS NULL OR h.price_cents >= p_min_price)
          AND (p_max_price IS NULL OR h.price_cents <= p_max_price)
          AND (p_bedrooms IS NULL OR h.bedrooms >= p_bedrooms)
          AND (p_guests IS NULL OR h.total_guest >= p_guests)
          AND (p_host_email IS NULL OR lower(h.host_email) = lower(p_host_email))
          AND (p_check_in IS NULL OR (
            h.available_from <= p_check_in AND h.available_to >= p_check_out
            AND NOT (h.confirmed_nights && daterange(p_check_in, p_check_out, '[)'))
            AND h.id NOT IN (
              SELECT b.home_id FROM bookings b
              WHERE b.status = 'held' AND b.hold_expires_at > p_now
                AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
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
