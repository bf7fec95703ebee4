-- Live definition of home_locations_move(), as migration 0017 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- home_locations_move (migration 0005) joined its old and new transition tables to find a moved
-- home: with no statistics on them a nested loop, quadratic in the rows an UPDATE of homes touches
-- (minutes for the backfill below at 50,000 booked homes). Counted like home_price_stats_move
-- (migration 0016) instead: +1 per new row, -1 per old row, per location; a statement that moves no
-- home nets to nothing and writes nothing.
CREATE OR REPLACE FUNCTION home_locations_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_locations AS l (location, home_count)
    SELECT d.location, sum(d.n)::integer
    FROM (SELECT location, 1 AS n FROM new_rows UNION ALL SELECT location, -1 FROM old_rows) AS d
    GROUP BY d.location HAVING sum(d.n) <> 0
    ON CONFLICT (location) DO UPDATE SET home_count = l.home_count + excluded.home_count;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  DELETE FROM home_locations AS l
    USING (SELECT location FROM old_rows EXCEPT SELECT location FROM new_rows) AS left_behind
    WHERE l.location = left_behind.location AND l.home_count <= 0;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_locations_update AFTER UPDATE ON homes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_locations_move();
