CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"payload" jsonb,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_kind_valid" CHECK ("jobs"."kind" in ('mail', 'periodic')),
	CONSTRAINT "jobs_periodic_named" CHECK (("jobs"."kind" = 'periodic') = ("jobs"."name" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_unique" ON "jobs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("kind","run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;