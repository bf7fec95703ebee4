-- Live definition of home_price_dollars_cells(), as migration 0042 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- The cells of home_price_dollars that p_n homes taking p_guests guests with p_bedrooms bedrooms
-- count in: every (g, b) with g <= p_guests and b <= p_bedrooms, g 1..16 and b 0..8, in the order
-- (g - 1) × 9 + b + 1 (ADR 0070).
CREATE OR REPLACE FUNCTION home_price_dollars_cells(p_guests integer, p_bedrooms integer, p_n integer)
RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(CASE WHEN g <= p_guests AND b <= p_bedrooms THEN p_n ELSE 0 END ORDER BY g, b)
  FROM generate_series(1, 16) AS g, generate_series(0, 8) AS b
$$;
