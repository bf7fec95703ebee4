-- Live definition of home_stay_terms(), as migration 0050 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- What a dated search page prices a home's stay from (ADR 0080), as one line of text: its nightly
-- and weekend price, discounts, guests included, fees in cents, and its time zone, separated by
-- spaces ('-' for no weekend price), as src/server/features/homes/stay-periods.ts reads it: the
-- server prices a page without parsing each home's JSON. A plain SQL expression, inlined into the
-- page's statement.
CREATE OR REPLACE FUNCTION home_stay_terms(
  h_price_cents integer, h_weekend_price_cents integer, h_weekly_discount_percent integer,
  h_monthly_discount_percent integer, h_last_minute_discount_percent integer, h_last_minute_days integer,
  h_early_bird_discount_percent integer, h_early_bird_days integer, h_guests_included integer,
  h_extra_guest_fee_cents integer, h_security_deposit_cents integer, h_cleaning_fee_cents integer,
  h_time_zone text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', h_price_cents, coalesce(h_weekend_price_cents::text, '-'), h_weekly_discount_percent,
    h_monthly_discount_percent, h_last_minute_discount_percent, h_last_minute_days, h_early_bird_discount_percent,
    h_early_bird_days, h_guests_included, h_extra_guest_fee_cents, h_security_deposit_cents, h_cleaning_fee_cents,
    h_time_zone)
$$;
