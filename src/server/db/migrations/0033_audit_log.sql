-- Issue 30: the audit log of admin actions (ADR 0059). Append-only, but for erasing a deleted
-- admin's email and name.
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text,
	"actor_name" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"note" text,
	"route" text NOT NULL,
	"request_id" text NOT NULL,
	CONSTRAINT "audit_log_target_type_valid" CHECK ("audit_log"."target_type" in ('user', 'home', 'booking', 'review', 'message', 'conversation', 'report', 'claim', 'payout', 'document', 'ledger'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_idx" ON "audit_log" USING btree (lower("actor_email"));--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Admins' reads of conversations recorded before the audit log (ADR 0017) join it, so the Audit
-- screen shows them too.
INSERT INTO audit_log (at, actor_id, actor_email, actor_name, action, target_type, target_id, route, request_id)
SELECT r.read_at, r.admin_id, u.email, u.name, 'conversation.read', 'conversation', r.conversation_id::text,
       'GET /api/conversations/:id/messages', r.request_id
  FROM conversation_admin_reads r JOIN users u ON u.id = r.admin_id
 ORDER BY r.read_at, r.id;
