-- Live definition of bookings_nights_delete(), as migration 0027 installs it (a booking request holds its nights like a
-- confirmed stay) (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
CREATE OR REPLACE FUNCTION bookings_nights_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT DISTINCT home_id FROM old_rows WHERE status IN ('confirmed', 'requested') AND home_id IS NOT NULL));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER bookings_nights_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_delete();
