CREATE TABLE "home_price_dollars" (
	"dollar" integer PRIMARY KEY NOT NULL,
	"counts" integer[] NOT NULL
);
--> statement-breakpoint
-- price_histogram_rows() answered one row per distinct price in cents (ADR 0070).
DROP FUNCTION price_histogram_rows(text, text, date, date, integer, integer, timestamptz);
--> statement-breakpoint
-- The text of src/server/db/sql/home-price-dollars-cells.sql.
CREATE OR REPLACE FUNCTION home_price_dollars_cells(p_guests integer, p_bedrooms integer, p_n integer)
RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(CASE WHEN g <= p_guests AND b <= p_bedrooms THEN p_n ELSE 0 END ORDER BY g, b)
  FROM generate_series(1, 16) AS g, generate_series(0, 8) AS b
$$;
--> statement-breakpoint
-- Filled from home_price_stats before its trigger exists. An older process may still be serving
-- while this runs (rolling start): the lock holds its home writes until the trigger below is in
-- place and this transaction commits, so none is missed between the fill and the trigger.
LOCK TABLE home_price_stats IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO home_price_dollars (dollar, counts)
SELECT d.dollar, array_agg(d.homes ORDER BY d.cell)
FROM (
  SELECT s.price_cents / 100 AS dollar, (g - 1) * 9 + b AS cell,
    coalesce(sum(s.home_count) FILTER (WHERE s.total_guest >= g AND s.bedrooms >= b), 0)::integer AS homes
  FROM home_price_stats s, generate_series(1, 16) AS g, generate_series(0, 8) AS b
  GROUP BY 1, 2) AS d
GROUP BY 1;
--> statement-breakpoint
-- The text of src/server/db/sql/home-price-dollars-follow.sql.
CREATE OR REPLACE FUNCTION home_price_dollars_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT k.price_cents / 100 AS dollar, k.total_guest, k.bedrooms, sum(k.n)::integer AS n
    FROM (SELECT OLD.price_cents, OLD.total_guest, OLD.bedrooms, -OLD.home_count AS n WHERE TG_OP <> 'INSERT'
          UNION ALL
          SELECT NEW.price_cents, NEW.total_guest, NEW.bedrooms, NEW.home_count WHERE TG_OP <> 'DELETE') AS k
    GROUP BY 1, 2, 3 HAVING sum(k.n) <> 0
  LOOP
    INSERT INTO home_price_dollars AS s (dollar, counts)
      VALUES (change.dollar, home_price_dollars_cells(change.total_guest, change.bedrooms, change.n))
      ON CONFLICT (dollar) DO UPDATE SET counts = ARRAY(
        SELECT u.a + u.b FROM unnest(s.counts, excluded.counts) WITH ORDINALITY AS u(a, b, i) ORDER BY u.i);
    -- Cell (1, 0) counts every home of the dollar.
    DELETE FROM home_price_dollars WHERE dollar = change.dollar AND counts[1] <= 0;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER home_price_dollars_follow AFTER INSERT OR UPDATE OR DELETE ON home_price_stats
  FOR EACH ROW EXECUTE FUNCTION home_price_dollars_follow();
--> statement-breakpoint
-- The text of src/server/db/sql/price-histogram-dollars.sql.
CREATE OR REPLACE FUNCTION price_histogram_dollars(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer, p_bedrooms integer,
  p_now timestamptz)
RETURNS TABLE (out_dollars integer[], out_homes integer[], out_max_cents integer)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  -- The cell of home_price_dollars for these filters (home_price_dollars_cells).
  v_cell integer := (greatest(coalesce(p_guests, 1), 1) - 1) * 9 + greatest(coalesce(p_bedrooms, 0), 0) + 1;
BEGIN
  IF p_term IS NULL AND coalesce(p_guests, 1) <= 16 AND coalesce(p_bedrooms, 0) <= 8 THEN
    -- One row per dollar (ADR 0070); the cents of the highest price from home_price_stats' key.
    RETURN QUERY
    WITH d AS (
      SELECT s.dollar, s.counts[v_cell] AS homes FROM home_price_dollars s WHERE s.counts[v_cell] > 0),
    top AS (SELECT max(d.dollar) AS dollar FROM d)
    SELECT (SELECT array_agg(d.dollar ORDER BY d.dollar) FROM d), (SELECT array_agg(d.homes ORDER BY d.dollar) FROM d),
      (SELECT max(s.price_cents) FROM home_price_stats s, top
       WHERE s.price_cents >= top.dollar * 100 AND s.price_cents < top.dollar * 100 + 100
         AND (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms));
    RETURN;
  END IF;
  IF p_term IS NULL THEN
    RETURN QUERY
    SELECT array_agg(d.dollar ORDER BY d.dollar), array_agg(d.homes ORDER BY d.dollar), max(d.max_cents)
    FROM (
      SELECT s.price_cents / 100 AS dollar, sum(s.home_count)::integer AS homes, max(s.price_cents) AS max_cents
      FROM home_price_stats s
      WHERE (p_guests IS NULL OR s.total_guest >= p_guests) AND (p_bedrooms IS NULL OR s.bedrooms >= p_bedrooms)
      GROUP BY 1) AS d;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT array_agg(d.dollar ORDER BY d.dollar), array_agg(d.homes ORDER BY d.dollar), max(d.max_cents)
  FROM (
    SELECT h.price_cents / 100 AS dollar, count(*)::integer AS homes, max(h.price_cents) AS max_cents
    FROM (
      SELECT b.location FROM search_place_best(p_term, p_escaped, 20) AS b
      UNION ALL
      SELECT c.location FROM search_place_close(p_term, 1) AS c
      WHERE NOT EXISTS (SELECT FROM search_place_containing(p_term, p_escaped))) AS p
    JOIN homes h ON h.location = p.location
    -- The search's own test (the columns of homes_location_idx: an index-only scan per place).
    WHERE search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
        h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, NULL, NULL, NULL,
        p_bedrooms)
      AND h.unlisted_at IS NULL
      AND (p_check_in IS NULL OR (
        h.id NOT IN (
          SELECT b.home_id FROM bookings b
          WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
            AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL)))
    GROUP BY 1) AS d;
END;
$$;
