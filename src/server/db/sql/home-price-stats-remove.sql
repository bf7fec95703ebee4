-- Live definition of home_price_stats_remove(), as migration 0016 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
CREATE OR REPLACE FUNCTION home_price_stats_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE home_price_stats AS s SET home_count = s.home_count - gone.n
    FROM (SELECT price_cents, bedrooms, total_guest, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) AS gone
    WHERE (s.price_cents, s.bedrooms, s.total_guest) = (gone.price_cents, gone.bedrooms, gone.total_guest);
  DELETE FROM home_price_stats WHERE home_count <= 0;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_price_stats_delete AFTER DELETE ON homes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_remove();
