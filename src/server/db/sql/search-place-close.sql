-- Live definition of search_place_close(), as migration 0021 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- The closest spellings of the term (rank 5), closest first, then the places with more homes, then
-- by name: the pg_trgm `<%` word-similarity scan. Callers ask only when no place contains the term.
CREATE OR REPLACE FUNCTION search_place_close(p_term text, p_limit integer)
RETURNS TABLE (location text, place_rank integer, home_count integer, closeness real)
LANGUAGE sql STABLE ROWS 1
AS $$
  SELECT l.location, 5, l.home_count::integer, word_similarity(p_term, l.location)
  FROM home_locations l
  WHERE p_term <% l.location
  ORDER BY word_similarity(p_term, l.location) DESC, l.home_count DESC, l.location
  LIMIT p_limit
$$;
