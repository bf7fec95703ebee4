-- Live definition of search_dated_price_fits(), as migration 0036 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Whether a home's nightly price for the dates is in a dated search's price range (issue 27, ADR
-- 0058): price_cents for a home whose every night costs it (price_low_cents NULL), else the stay's
-- price, computed only when its lowest and highest nights overlap the range. Inlined into the walks.
CREATE OR REPLACE FUNCTION search_dated_price_fits(
  h_id uuid, h_price_cents integer, h_price_low_cents integer, h_price_high_cents integer,
  h_weekend_price_cents integer, h_has_price_periods boolean, p_check_in date, p_check_out date,
  p_weekend_nights integer, p_min_price integer, p_max_price integer)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (p_min_price IS NULL AND p_max_price IS NULL)
    OR CASE WHEN h_price_low_cents IS NULL
      THEN h_price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
      ELSE h_price_low_cents <= coalesce(p_max_price, 2147483647) AND h_price_high_cents >= coalesce(p_min_price, 0)
        AND search_stay_nightly_cents(h_id, h_price_cents, h_weekend_price_cents, h_has_price_periods, p_check_in,
          p_check_out, p_weekend_nights)
          BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
    END
$$;
