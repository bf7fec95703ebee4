-- Keep home_locations equal to "select location, count(*) from homes group by location".
-- Statement-level triggers with transition tables: one aggregated write per statement,
-- so bulk inserts (demo data, imports) stay fast.
CREATE FUNCTION home_locations_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_locations AS l (location, home_count)
    SELECT location, count(*) FROM new_rows GROUP BY location
    ON CONFLICT (location) DO UPDATE SET home_count = l.home_count + excluded.home_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION home_locations_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE home_locations AS l SET home_count = l.home_count - gone.n
    FROM (SELECT location, count(*) AS n FROM old_rows GROUP BY location) AS gone
    WHERE l.location = gone.location;
  DELETE FROM home_locations WHERE home_count <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION home_locations_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n USING (id) WHERE o.location IS DISTINCT FROM n.location) THEN
    RETURN NULL;
  END IF;
  INSERT INTO home_locations AS l (location, home_count)
    SELECT location, count(*) FROM new_rows GROUP BY location
    ON CONFLICT (location) DO UPDATE SET home_count = l.home_count + excluded.home_count;
  UPDATE home_locations AS l SET home_count = l.home_count - gone.n
    FROM (SELECT location, count(*) AS n FROM old_rows GROUP BY location) AS gone
    WHERE l.location = gone.location;
  DELETE FROM home_locations WHERE home_count <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER homes_locations_insert AFTER INSERT ON homes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_locations_add();
--> statement-breakpoint
CREATE TRIGGER homes_locations_delete AFTER DELETE ON homes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_locations_remove();
--> statement-breakpoint
CREATE TRIGGER homes_locations_update AFTER UPDATE ON homes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_locations_move();
--> statement-breakpoint
INSERT INTO home_locations (location, home_count)
  SELECT location, count(*) FROM homes GROUP BY location
  ON CONFLICT (location) DO UPDATE SET home_count = excluded.home_count;
