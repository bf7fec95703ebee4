ALTER TABLE "homes" ADD COLUMN "confirmed_nights" datemultirange DEFAULT '{}'::datemultirange NOT NULL;--> statement-breakpoint
-- homes.confirmed_nights = range_agg(stay) of the home's confirmed bookings, recomputed for
-- every home a bookings statement touches (statement-level, so bulk loads stay fast), in the
-- writing transaction. Holds are not in it: a hold stops blocking when its time passes, so
-- searches check the few live holds directly (ADR 0011).
CREATE FUNCTION homes_confirmed_nights_refresh(home_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(home_ids) = 0 THEN
    RETURN;
  END IF;
  -- Lock first, then read: the UPDATE below runs with a snapshot taken after the lock, so two
  -- transactions confirming stays of one home at once cannot lose each other's nights.
  PERFORM 1 FROM homes WHERE id = ANY (home_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE homes AS h SET confirmed_nights = coalesce(
      (SELECT range_agg(b.stay) FROM bookings b WHERE b.home_id = h.id AND b.status = 'confirmed'),
      '{}'::datemultirange)
    WHERE h.id = ANY (home_ids);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_nights_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT DISTINCT home_id FROM new_rows WHERE status = 'confirmed' AND home_id IS NOT NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_nights_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT DISTINCT home_id FROM old_rows WHERE status = 'confirmed' AND home_id IS NOT NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION bookings_nights_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT o.home_id FROM old_rows o JOIN new_rows n USING (id)
      WHERE (o.status = 'confirmed' OR n.status = 'confirmed')
        AND (o.status IS DISTINCT FROM n.status OR o.stay IS DISTINCT FROM n.stay
          OR o.home_id IS DISTINCT FROM n.home_id)
        AND o.home_id IS NOT NULL
    UNION
    SELECT n.home_id FROM old_rows o JOIN new_rows n USING (id)
      WHERE n.status = 'confirmed'
        AND (o.status IS DISTINCT FROM n.status OR o.stay IS DISTINCT FROM n.stay
          OR o.home_id IS DISTINCT FROM n.home_id)
        AND n.home_id IS NOT NULL));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_nights_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_insert();
--> statement-breakpoint
CREATE TRIGGER bookings_nights_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_delete();
--> statement-breakpoint
CREATE TRIGGER bookings_nights_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_update();
--> statement-breakpoint
UPDATE homes AS h SET confirmed_nights = c.nights
  FROM (SELECT home_id, range_agg(stay) AS nights FROM bookings
        WHERE status = 'confirmed' AND home_id IS NOT NULL GROUP BY home_id) AS c
  WHERE h.id = c.home_id;
--> statement-breakpoint
-- One page of a place search: the places matching the term (two trigram index scans), each
-- ranked (0 the city is the term, 1 the city starts with it, 2 a word starts with it, 3 the place
-- contains it, 4 a close spelling), then per place an ordered walk of homes_location_idx that
-- stops after a page, filtered on the row (window, guests, confirmed nights) and on live holds.
-- PL/pgSQL keeps the plan per connection and force_generic_plan keeps it generic: planning the
-- statement cost more than running it. p_escaped is the lower-cased term with \ % _ escaped;
-- p_after_rank/p_after_seq (both null on the first page) resume after a cursor; p_host_email
-- (null: any host) narrows to one host's homes.
CREATE FUNCTION search_place_homes(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_after_rank integer, p_after_seq bigint, p_page integer)
RETURNS TABLE (out_rank integer, out_seq bigint, out_id uuid)
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
  SELECT p.place_rank, w.seq, w.id
  FROM places p
  CROSS JOIN LATERAL (
    SELECT h.seq, h.id FROM homes h
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
