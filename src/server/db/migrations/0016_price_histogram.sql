CREATE TABLE "home_price_stats" (
	"price_cents" integer NOT NULL,
	"bedrooms" integer NOT NULL,
	"total_guest" integer NOT NULL,
	"home_count" integer NOT NULL,
	CONSTRAINT "home_price_stats_price_cents_bedrooms_total_guest_pk" PRIMARY KEY("price_cents","bedrooms","total_guest")
);
--> statement-breakpoint
-- Keep home_price_stats equal to "select price_cents, bedrooms, total_guest, count(*) from homes
-- group by 1, 2, 3": statement-level triggers with transition tables (one aggregated write per
-- statement), as home_locations (migration 0005). The price histogram of a search without a place
-- reads these rows, not 1,000,000 homes (ADR 0023).
CREATE FUNCTION home_price_stats_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_price_stats AS s (price_cents, bedrooms, total_guest, home_count)
    SELECT price_cents, bedrooms, total_guest, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (price_cents, bedrooms, total_guest) DO UPDATE SET home_count = s.home_count + excluded.home_count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION home_price_stats_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE home_price_stats AS s SET home_count = s.home_count - gone.n
    FROM (SELECT price_cents, bedrooms, total_guest, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) AS gone
    WHERE (s.price_cents, s.bedrooms, s.total_guest) = (gone.price_cents, gone.bedrooms, gone.total_guest);
  DELETE FROM home_price_stats WHERE home_count <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Most updates of homes (confirmed nights on every booking, ratings, edits of the text) leave the
-- three columns alone. The change is counted as one grouped pass over both transition tables (+1
-- per new row, -1 per old row; keys that net to 0 drop out), linear in the rows updated: a join of
-- old_rows to new_rows has no index and went quadratic on a bulk update (41,000 homes: minutes).
-- Only keys that lost all their rows are checked for deletion, never the whole table.
CREATE FUNCTION home_price_stats_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_price_stats AS s (price_cents, bedrooms, total_guest, home_count)
    SELECT d.price_cents, d.bedrooms, d.total_guest, sum(d.n)::integer
    FROM (SELECT price_cents, bedrooms, total_guest, 1 AS n FROM new_rows
          UNION ALL SELECT price_cents, bedrooms, total_guest, -1 FROM old_rows) AS d
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0
    ON CONFLICT (price_cents, bedrooms, total_guest) DO UPDATE SET home_count = s.home_count + excluded.home_count;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  DELETE FROM home_price_stats AS s
    USING (SELECT price_cents, bedrooms, total_guest FROM old_rows
           EXCEPT SELECT price_cents, bedrooms, total_guest FROM new_rows) AS lost
    WHERE (s.price_cents, s.bedrooms, s.total_guest) = (lost.price_cents, lost.bedrooms, lost.total_guest)
      AND s.home_count <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE fires no row or DELETE triggers (the bench's reload truncates homes).
CREATE FUNCTION home_price_stats_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM home_price_stats;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER homes_price_stats_insert AFTER INSERT ON homes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_add();
--> statement-breakpoint
CREATE TRIGGER homes_price_stats_delete AFTER DELETE ON homes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_remove();
--> statement-breakpoint
CREATE TRIGGER homes_price_stats_update AFTER UPDATE ON homes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_move();
--> statement-breakpoint
CREATE TRIGGER homes_price_stats_truncate AFTER TRUNCATE ON homes
  FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_clear();
--> statement-breakpoint
INSERT INTO home_price_stats (price_cents, bedrooms, total_guest, home_count)
  SELECT price_cents, bedrooms, total_guest, count(*) FROM homes GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The nightly prices of the homes a search would find, counted per price: with a place, the places
-- search_place_matches (migration 0015) matches and their homes through homes_location_idx, with the
-- search's filters (window, confirmed nights, live holds, guests, bedrooms); without one,
-- home_price_stats (guests and bedrooms; the dates are not checked there: the answer says it is
-- then approximate, ADR 0023).
CREATE FUNCTION price_histogram_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer, p_bedrooms integer,
  p_now timestamptz)
RETURNS TABLE (out_price_cents integer, out_homes integer)
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  IF p_term IS NULL THEN
    RETURN QUERY
    SELECT s.price_cents, sum(s.home_count)::integer
    FROM home_price_stats s
    WHERE (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms)
    GROUP BY s.price_cents;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT h.price_cents, count(*)::integer
  -- Both tiers (migration 0015): paged to its end, a place search lists the close spellings too.
  FROM (SELECT * FROM search_place_matches(p_term, p_escaped, NULL, false)
        UNION ALL SELECT * FROM search_place_matches(p_term, p_escaped, NULL, true)) p
  JOIN homes h ON h.location = p.location
  WHERE (p_guests IS NULL OR h.total_guest >= p_guests)
    AND (p_bedrooms IS NULL OR h.bedrooms >= p_bedrooms)
    AND (p_check_in IS NULL OR (
      h.available_from <= p_check_in AND h.available_to >= p_check_out
      AND NOT (h.confirmed_nights && daterange(p_check_in, p_check_out, '[)'))
      AND h.id NOT IN (
        SELECT b.home_id FROM bookings b
        WHERE b.status = 'held' AND b.hold_expires_at > p_now
          AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
  GROUP BY h.price_cents;
END;
$$;
