-- Live definition of home_price_stats_remove(), as migration 0045 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Listed homes only, and the keys in their order, as home_price_stats_add (ADR 0074): an UPDATE ...
-- FROM takes its rows in whatever order its join gives. Only the keys written are checked for
-- deletion, never the whole table.
CREATE OR REPLACE FUNCTION home_price_stats_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_price_stats AS s (price_cents, bedrooms, total_guest, home_count)
    SELECT price_cents, bedrooms, total_guest, -count(*)::integer FROM old_rows WHERE unlisted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (price_cents, bedrooms, total_guest) DO UPDATE SET home_count = s.home_count + excluded.home_count;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  DELETE FROM home_price_stats AS s
    USING (SELECT DISTINCT price_cents, bedrooms, total_guest FROM old_rows WHERE unlisted_at IS NULL) AS gone
    WHERE (s.price_cents, s.bedrooms, s.total_guest) = (gone.price_cents, gone.bedrooms, gone.total_guest)
      AND s.home_count <= 0;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_price_stats_delete AFTER DELETE ON homes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_remove();
