-- Live definition of audit_log_append_only(), as migration 0033 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed (ADR 0059): account deletion erases the actor's email and name, and
  -- nothing else. Nested IFs: NEW and OLD are not there for TRUNCATE.
  IF TG_OP = 'UPDATE' THEN
    IF NEW.actor_email IS NULL AND NEW.actor_name IS NULL
       AND (NEW.id, NEW.at, NEW.actor_id, NEW.action, NEW.target_type, NEW.target_id, NEW.note, NEW.route, NEW.request_id)
         IS NOT DISTINCT FROM
           (OLD.id, OLD.at, OLD.actor_id, OLD.action, OLD.target_type, OLD.target_id, OLD.note, OLD.route, OLD.request_id)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused (only the actor''s email and name may be erased)', TG_OP
    USING ERRCODE = '55000';
END;
$$;

CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
