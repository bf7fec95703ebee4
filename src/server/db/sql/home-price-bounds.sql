-- Live definition of home_price_bounds(), as migration 0036 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Keeps homes.price_low_cents and price_high_cents (ADR 0058): the lowest and highest price any of
-- the home's nights can have (base, weekend, price periods), both NULL when every night costs
-- price_cents, and has_price_periods. Run on a home's insert and on a change of its base or weekend price; price_periods'
-- trigger touches price_cents so this runs when a period changes.
CREATE OR REPLACE FUNCTION home_price_bounds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_low integer;
  v_high integer;
  v_periods integer;
BEGIN
  -- least and greatest skip NULLs: no weekend price, no periods.
  SELECT least(NEW.price_cents, NEW.weekend_price_cents, min(pp.price_cents)),
         greatest(NEW.price_cents, NEW.weekend_price_cents, max(pp.price_cents)), count(pp.id)
  INTO v_low, v_high, v_periods
  FROM price_periods pp WHERE pp.home_id = NEW.id;
  IF v_low = v_high THEN
    NEW.price_low_cents := NULL;
    NEW.price_high_cents := NULL;
  ELSE
    NEW.price_low_cents := v_low;
    NEW.price_high_cents := v_high;
  END IF;
  NEW.has_price_periods := v_periods > 0;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER homes_price_bounds BEFORE INSERT OR UPDATE OF price_cents, weekend_price_cents ON homes
  FOR EACH ROW EXECUTE FUNCTION home_price_bounds();
