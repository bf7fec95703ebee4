-- home_stay_nightly_cents becomes PL/pgSQL (ADR 0077): as a SQL function that cannot be inlined, a
-- dated search with a price filter planned it again at each call site of each run (about 0.5 ms
-- each) as soon as its walk met a home with price periods. Same signature and result; the text of
-- src/server/db/sql/home-stay-nightly-cents.sql. It only replaces a function.
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
