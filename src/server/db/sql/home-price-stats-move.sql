-- Live definition of home_price_stats_move(), as migration 0045 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Most updates of homes (confirmed nights on every booking, ratings, edits of the text) leave the
-- three columns alone. The change is counted as one grouped pass over both transition tables (+1
-- per new row, -1 per old row; keys that net to 0 drop out), linear in the rows updated: a join of
-- old_rows to new_rows has no index and went quadratic on a bulk update (41,000 homes: minutes).
-- Only keys that lost all their rows are checked for deletion, never the whole table.
-- Listed homes only (ADR 0074): unlisting a home by moderation moves it out, relisting back in. The
-- keys are written in their order, as home_price_stats_add, so that two price edits crossing the same
-- dollars in opposite directions lock the rows here and in home_price_dollars in one order.
CREATE OR REPLACE FUNCTION home_price_stats_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_price_stats AS s (price_cents, bedrooms, total_guest, home_count)
    SELECT d.price_cents, d.bedrooms, d.total_guest, sum(d.n)::integer
    FROM (SELECT price_cents, bedrooms, total_guest, 1 AS n FROM new_rows WHERE unlisted_at IS NULL
          UNION ALL SELECT price_cents, bedrooms, total_guest, -1 FROM old_rows WHERE unlisted_at IS NULL) AS d
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (price_cents, bedrooms, total_guest) DO UPDATE SET home_count = s.home_count + excluded.home_count;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  DELETE FROM home_price_stats AS s
    USING (SELECT price_cents, bedrooms, total_guest FROM old_rows WHERE unlisted_at IS NULL
           EXCEPT SELECT price_cents, bedrooms, total_guest FROM new_rows WHERE unlisted_at IS NULL) AS lost
    WHERE (s.price_cents, s.bedrooms, s.total_guest) = (lost.price_cents, lost.bedrooms, lost.total_guest)
      AND s.home_count <= 0;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_price_stats_update AFTER UPDATE ON homes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_move();
