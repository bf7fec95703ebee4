-- Live definition of search_place_best(), as migration 0036 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- The best p_limit places containing the term (search_place_containing's ranks), by rank, then the
-- places with more homes, then by name (issue 29, ADR 0058). A place search walks only these: a
-- prefix that matches hundreds of places ("San", "Port") costs what a few places cost, and shows the
-- places most people mean. One trigram scan of home_locations and a top-N sort of what it matched.
CREATE OR REPLACE FUNCTION search_place_best(p_term text, p_escaped text, p_limit integer)
RETURNS TABLE (location text, place_rank integer, home_count integer)
LANGUAGE sql STABLE ROWS 20
AS $$
  SELECT c.location, c.place_rank, c.home_count
  FROM search_place_containing(p_term, p_escaped) AS c
  ORDER BY c.place_rank, c.home_count DESC, c.location
  LIMIT p_limit
$$;
