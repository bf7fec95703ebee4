-- A host block's revision for the export feed (SEQUENCE, DTSTAMP): unblocking some of its nights
-- makes its event newer, so calendar programs that compare revisions take the new dates.
ALTER TABLE "home_blocks" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "home_blocks" ADD COLUMN "updated_at" timestamp with time zone;
