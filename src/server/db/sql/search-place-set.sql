-- Live definition of search_place_set(), as migration 0021 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Both together, for the suggestions and the price histogram: the places containing the term, or,
-- only when there are none, up to p_close_limit close spellings (closeness 1 for the former).
CREATE OR REPLACE FUNCTION search_place_set(p_term text, p_escaped text, p_close_limit integer)
RETURNS TABLE (location text, place_rank integer, home_count integer, closeness real)
LANGUAGE plpgsql STABLE ROWS 25
AS $$
BEGIN
  RETURN QUERY SELECT c.location, c.place_rank, c.home_count, 1::real FROM search_place_containing(p_term, p_escaped) c;
  IF NOT FOUND THEN
    RETURN QUERY SELECT * FROM search_place_close(p_term, p_close_limit);
  END IF;
END;
$$;
