-- Live definition of search_stay_nightly_cents(), as migration 0036 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- A stay's nightly price for a search walk (ADR 0058): for a home without price periods, arithmetic
-- on its columns (the stay's weekend nights, counted once per search, at the weekend price, the
-- others at the base price; the average rounded half up as home_stay_nightly_cents); with periods,
-- home_stay_nightly_cents. A plain SQL function, inlined into the walks.
CREATE OR REPLACE FUNCTION search_stay_nightly_cents(
  h_id uuid, h_price_cents integer, h_weekend_price_cents integer, h_has_price_periods boolean,
  p_check_in date, p_check_out date, p_weekend_nights integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN h_has_price_periods THEN home_stay_nightly_cents(h_id, p_check_in, p_check_out)
    ELSE ((2 * (h_price_cents::bigint * ((p_check_out - p_check_in) - p_weekend_nights)
        + coalesce(h_weekend_price_cents, h_price_cents)::bigint * p_weekend_nights) + (p_check_out - p_check_in))
      / (2 * (p_check_out - p_check_in)))::integer
  END
$$;
