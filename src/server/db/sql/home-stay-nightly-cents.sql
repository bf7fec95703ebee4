-- Live definition of home_stay_nightly_cents(), as migration 0049 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- A stay's nightly price as src/shared/pricing-quote.ts computes it (nightlyCents: the average of
-- its nights' prices, rounded half up; a night takes its price period's price, else the weekend
-- price on a Friday or Saturday night when the home has one, else the base price), for a dated
-- search's price sort and filter (issue 27, ADR 0058). pricing-quote.ts stays the price charged;
-- search-dated-price.test.ts checks that both agree.
-- PL/pgSQL, not SQL (migration 0049, ADR 0077): a SQL function that cannot be inlined (this one
-- reads tables) is planned again at each call site of each statement that calls it, about 0.5 ms
-- a time, where a PL/pgSQL function keeps its plan for the connection.
CREATE OR REPLACE FUNCTION home_stay_nightly_cents(p_home_id uuid, p_check_in date, p_check_out date)
RETURNS integer LANGUAGE plpgsql STABLE
AS $$
BEGIN
  RETURN (SELECT ((2 * sum(coalesce(pp.price_cents,
      CASE WHEN h.weekend_price_cents IS NOT NULL AND extract(dow FROM n.night) IN (5, 6)
        THEN h.weekend_price_cents ELSE h.price_cents END)) + (p_check_out - p_check_in))
    / (2 * (p_check_out - p_check_in)))::integer
  FROM homes h
  CROSS JOIN LATERAL (SELECT d::date AS night FROM generate_series(p_check_in, p_check_out - 1, interval '1 day') AS d) AS n
  LEFT JOIN price_periods pp ON pp.home_id = h.id AND pp.from_date <= n.night AND n.night < pp.to_date
  WHERE h.id = p_home_id);
END
$$;
