-- Live definition of search_place_home_rows(), as migration 0050 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- The place search of migration 0046, for a process of the previous release still serving during a
-- rolling start: search_place_page's page without what its stays are priced from (ADR 0080). A
-- later migration drops it.
CREATE OR REPLACE FUNCTION search_place_home_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_min_price integer, p_max_price integer, p_bedrooms integer,
  p_sort text, p_after_rank integer, p_after_price integer, p_after_rating double precision,
  p_after_seq bigint, p_page integer, p_places jsonb)
RETURNS TABLE (out_rank integer, out_seq bigint, out_price_cents integer, out_rating_sum integer,
  out_rating_count integer, out_api_json text)
LANGUAGE sql STABLE ROWS 25
AS $$
  SELECT f.out_rank, f.out_seq, f.out_price_cents, f.out_rating_sum, f.out_rating_count, f.out_api_json
  FROM search_place_page(p_term, p_escaped, p_check_in, p_check_out, p_guests, p_host_email, p_now, p_min_price,
    p_max_price, p_bedrooms, p_sort, p_after_rank, p_after_price, p_after_rating, p_after_seq, p_page, p_places) AS f
$$;
