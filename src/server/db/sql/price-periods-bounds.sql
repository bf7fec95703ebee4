-- Live definition of price_periods_bounds(), as migration 0036 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- A price period added, changed or removed moves its home's price bounds (ADR 0058): setting the
-- home's price to itself runs homes_price_bounds, which reads the periods again.
CREATE OR REPLACE FUNCTION price_periods_bounds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE homes SET price_cents = price_cents
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.home_id ELSE NEW.home_id END
     OR (TG_OP = 'UPDATE' AND id = OLD.home_id);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER price_periods_bounds AFTER INSERT OR UPDATE OR DELETE ON price_periods
  FOR EACH ROW EXECUTE FUNCTION price_periods_bounds();
