-- Live definition of search_place_set(), as migration 0036 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- For the suggestions: the places containing the term, or, only when there are none, up to
-- p_close_limit close spellings (closeness 1 for the former). A term of one or two letters (the
-- first keystrokes) is inside most places' names and has no trigram to search by: it suggests the
-- best p_close_limit places whose name starts with it, by rank and homes (migration 0036, ADR
-- 0058), one walk of home_locations_lower_idx, instead of ranking nearly every place; only when
-- none starts with it, the places containing it.
CREATE OR REPLACE FUNCTION search_place_set(p_term text, p_escaped text, p_close_limit integer)
RETURNS TABLE (location text, place_rank integer, home_count integer, closeness real)
LANGUAGE plpgsql STABLE ROWS 25
AS $$
BEGIN
  IF length(p_term) < 3 THEN
    RETURN QUERY
    SELECT s.location, s.place_rank, s.home_count, 1::real
    FROM (
      SELECT l.location,
        CASE WHEN lower(trim(split_part(l.location, ',', 1))) = lower(p_term) THEN 0 ELSE 2 END AS place_rank,
        l.home_count::integer AS home_count
      FROM home_locations l
      WHERE lower(l.location) LIKE p_escaped || '%') AS s
    ORDER BY s.place_rank, s.home_count DESC, s.location
    LIMIT p_close_limit;
    -- No name starts with it ("%" of "100% Beach"): the places containing it, as for longer terms.
    IF FOUND THEN
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT c.location, c.place_rank, c.home_count, 1::real FROM search_place_containing(p_term, p_escaped) c;
  IF NOT FOUND THEN
    RETURN QUERY SELECT * FROM search_place_close(p_term, p_close_limit);
  END IF;
END;
$$;
