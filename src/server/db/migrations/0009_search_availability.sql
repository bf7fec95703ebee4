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
