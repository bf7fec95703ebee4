ALTER TABLE "users" ADD COLUMN "host_request_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Host requests decided before this migration: their retention period starts now (ADR 0061).
UPDATE "users" SET "host_request_decided_at" = now() WHERE "doc_image" IS NOT NULL AND ("role" IS NULL OR "role" <> 'requested');
