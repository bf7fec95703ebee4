-- search_place_homes answered (rank, seq, id) of a page and every search joined homes again by
-- primary key for the columns it shows: 25 more index lookups, about a quarter of the statement's
-- time at 1,000,000 homes (docs/search-plans.md). search_place_home_rows answers the page's columns
-- from the rows its walk has already read. search_place_homes stays, now a thin wrapper over it,
-- so the rules of a place search are written once (change them here, in search_place_home_rows).
CREATE FUNCTION search_place_home_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_after_rank integer, p_after_seq bigint, p_page integer)
RETURNS TABLE (out_rank integer, out_seq bigint, out_id uuid, out_host_email text, out_title text,
  out_location text, out_description text, out_price_cents integer, out_total_guest integer,
  out_bedrooms integer, out_bathrooms integer, out_available_from date, out_available_to date,
  out_images text[], out_min_nights integer, out_max_nights integer, out_check_in_time text,
  out_check_out_time text, out_house_rules text, out_rating_count integer, out_rating_sum integer,
  out_cleaning_fee_cents integer, out_cancellation_policy text)
LANGUAGE plpgsql STABLE ROWS 25
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
  WITH places AS (
    SELECT m.location,
      CASE
        WHEN lower(trim(split_part(m.location, ',', 1))) = lower(p_term) THEN 0
        WHEN lower(trim(split_part(m.location, ',', 1))) LIKE p_escaped || '%' THEN 1
        WHEN lower(m.location) LIKE p_escaped || '%' OR lower(m.location) LIKE '% ' || p_escaped || '%'
          OR lower(m.location) LIKE '%,' || p_escaped || '%' THEN 2
        WHEN lower(m.location) LIKE '%' || p_escaped || '%' THEN 3
        ELSE 4
      END AS place_rank
    FROM ((SELECT l.location FROM home_locations l WHERE l.location ILIKE '%' || p_escaped || '%')
          UNION
          (SELECT l.location FROM home_locations l WHERE p_term <% l.location)) AS m
  )
  SELECT p.place_rank, w.seq, w.id, w.host_email, w.title, w.location, w.description, w.price_cents,
    w.total_guest, w.bedrooms, w.bathrooms, w.available_from, w.available_to, w.images, w.min_nights,
    w.max_nights, w.check_in_time, w.check_out_time, w.house_rules, w.rating_count, w.rating_sum,
    w.cleaning_fee_cents, w.cancellation_policy
  FROM places p
  CROSS JOIN LATERAL (
    SELECT h.seq, h.id, h.host_email, h.title, h.location, h.description, h.price_cents, h.total_guest,
      h.bedrooms, h.bathrooms, h.available_from, h.available_to, h.images, h.min_nights, h.max_nights,
      h.check_in_time, h.check_out_time, h.house_rules, h.rating_count, h.rating_sum, h.cleaning_fee_cents,
      h.cancellation_policy
    FROM homes h
    WHERE h.location = p.location
      AND h.seq < CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END
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
    LIMIT p_page
  ) AS w
  WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
  ORDER BY p.place_rank, w.seq DESC
  LIMIT p_page;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_place_homes(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_after_rank integer, p_after_seq bigint, p_page integer)
RETURNS TABLE (out_rank integer, out_seq bigint, out_id uuid)
LANGUAGE sql STABLE ROWS 25
AS $$
  SELECT r.out_rank, r.out_seq, r.out_id
  FROM search_place_home_rows(p_term, p_escaped, p_check_in, p_check_out, p_guests, p_host_email, p_now,
    p_after_rank, p_after_seq, p_page) AS r;
$$;
