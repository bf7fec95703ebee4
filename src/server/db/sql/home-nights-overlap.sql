-- Live definition of home_nights_overlap(), as migration 0017 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Whether a home's confirmed nights (every stay and block) overlap p_stay: the slow path, for a
-- home whose upcoming_nights is NULL or cut after the searched dates. Not inlined (it reads a
-- row), so a walk that calls it only references h.id and stays index-only.
CREATE OR REPLACE FUNCTION home_nights_overlap(p_home_id uuid, p_stay daterange) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT h.confirmed_nights && p_stay FROM homes h WHERE h.id = p_home_id), false)
$$;
