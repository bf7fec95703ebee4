-- Live definition of home_price_dollars_follow(), as migration 0042 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Keeps home_price_dollars the cumulative counts of home_price_stats (ADR 0070). A row trigger on
-- the summary, not on homes: the statement triggers of migration 0016 have already grouped a
-- statement's homes into a few keys, and an update of homes that leaves price, bedrooms and
-- guests alone never gets here.
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

CREATE OR REPLACE TRIGGER home_price_dollars_follow AFTER INSERT OR UPDATE OR DELETE ON home_price_stats
  FOR EACH ROW EXECUTE FUNCTION home_price_dollars_follow();
