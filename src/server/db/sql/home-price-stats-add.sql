-- Live definition of home_price_stats_add(), as migration 0045 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Keep home_price_stats equal to "select price_cents, bedrooms, total_guest, count(*) from homes
-- where unlisted_at is null group by 1, 2, 3": statement-level triggers with transition tables (one aggregated write per
-- statement), as home_locations (migration 0005). The price histogram of a search without a place
-- reads these rows, not 1,000,000 homes (ADR 0023). Only the homes a search can show: one that
-- moderation unlisted (unlisted_at, ADR 0060) is not counted (ADR 0074). The keys are written in
-- their order (dearest last) so that two writers take the rows of home_price_stats, and after them
-- those of home_price_dollars (its row trigger, fired in the same order), in one order: no deadlock.
CREATE OR REPLACE FUNCTION home_price_stats_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO home_price_stats AS s (price_cents, bedrooms, total_guest, home_count)
    SELECT price_cents, bedrooms, total_guest, count(*) FROM new_rows WHERE unlisted_at IS NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (price_cents, bedrooms, total_guest) DO UPDATE SET home_count = s.home_count + excluded.home_count;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER homes_price_stats_insert AFTER INSERT ON homes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_price_stats_add();
