-- Live definition of search_place_containing(), as migration 0021 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- A place search finds the place that was typed, not another city that looks like it (issue 25,
-- ADR 0036). Before, the close spellings (pg_trgm `<%`) were added whenever the places containing
-- the term did not fill a page: "Porto" with its one free home went on to "Lisbon, Portugal", since
-- "Porto" is a close spelling of the word "Portugal". Now the matched places are decided first, on
-- home_locations alone, and the page is walked over exactly those:
-- - places containing the term, ranked 0 the city or the whole place is the term, 1 whole words of
--   the place are the term ("Porto" in "Porto Santo, Portugal", "Portugal"), 2 the city starts
--   with it, 3 a word starts with it, 4 it is inside a word;
-- - only when no place contains it, the closest spelling (rank 5): one place, the most similar
--   (word_similarity), then the one with most homes, then by name. A page then says which place
--   it shows ("Showing results for Lisbon, Portugal").
-- A place that has homes but none free for the dates is still the match: the search answers no
-- homes, never a look-alike's.
--
-- The places containing the term, ranked as above, with their homes: one trigram ILIKE scan of
-- home_locations_trgm_idx. A plain SQL function, inlined into its callers. "Whole words" compares
-- the place and the term with commas read as spaces, padded with spaces, by LIKE (no regular
-- expression to compile per call).
CREATE OR REPLACE FUNCTION search_place_containing(p_term text, p_escaped text)
RETURNS TABLE (location text, place_rank integer, home_count integer)
LANGUAGE sql STABLE ROWS 25
AS $$
  SELECT l.location,
    CASE
      WHEN lower(trim(split_part(l.location, ',', 1))) = lower(p_term) OR lower(l.location) = lower(p_term) THEN 0
      WHEN ' ' || translate(lower(l.location), ',', ' ') || ' ' LIKE '% ' || translate(p_escaped, ',', ' ') || ' %' THEN 1
      WHEN lower(trim(split_part(l.location, ',', 1))) LIKE p_escaped || '%' THEN 2
      WHEN lower(l.location) LIKE p_escaped || '%' OR lower(l.location) LIKE '% ' || p_escaped || '%'
        OR lower(l.location) LIKE '%,' || p_escaped || '%' THEN 3
      ELSE 4
    END,
    l.home_count::integer
  FROM home_locations l
  WHERE l.location ILIKE '%' || p_escaped || '%'
$$;
