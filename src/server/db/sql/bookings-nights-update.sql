-- Live definition of bookings_nights_update(), as migration 0027 installs it (a booking request holds its nights like a
-- confirmed stay) (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
CREATE OR REPLACE FUNCTION bookings_nights_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT o.home_id FROM old_rows o JOIN new_rows n USING (id)
      WHERE (o.status IN ('confirmed', 'requested') OR n.status IN ('confirmed', 'requested'))
        AND (o.status IS DISTINCT FROM n.status OR o.stay IS DISTINCT FROM n.stay
          OR o.home_id IS DISTINCT FROM n.home_id)
        AND o.home_id IS NOT NULL
    UNION
    SELECT n.home_id FROM old_rows o JOIN new_rows n USING (id)
      WHERE n.status IN ('confirmed', 'requested')
        AND (o.status IS DISTINCT FROM n.status OR o.stay IS DISTINCT FROM n.stay
          OR o.home_id IS DISTINCT FROM n.home_id)
        AND n.home_id IS NOT NULL));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER bookings_nights_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_update();
