-- Live definition of reviews_home_rating(), as migration 0034 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- homes.rating_count / rating_sum = count and sum of overall of the home's published guest reviews
-- (published_at set, not hidden by moderation: hidden_at, migration 0034), kept here in the writing transaction so cards read them without a join.
-- Reviews change one or two rows at a time (a write, the reviews job), so a row trigger is enough.
CREATE OR REPLACE FUNCTION reviews_home_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.author_role = 'guest' AND OLD.published_at IS NOT NULL
      AND OLD.hidden_at IS NULL AND OLD.home_id IS NOT NULL THEN
    UPDATE homes SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.overall WHERE id = OLD.home_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.author_role = 'guest' AND NEW.published_at IS NOT NULL
      AND NEW.hidden_at IS NULL AND NEW.home_id IS NOT NULL THEN
    UPDATE homes SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.overall WHERE id = NEW.home_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER reviews_home_rating AFTER INSERT OR DELETE OR UPDATE OF published_at, overall, home_id, hidden_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_home_rating();
