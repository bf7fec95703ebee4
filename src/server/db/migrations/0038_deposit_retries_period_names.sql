ALTER TABLE "price_periods" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD COLUMN "authorize_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_host_requests_idx" ON "bookings" USING btree (lower("host_email"),"respond_by") WHERE "bookings"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "price_periods" ADD CONSTRAINT "price_periods_name_length" CHECK ("price_periods"."name" is null or char_length("price_periods"."name") between 1 and 40);--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_tries_range" CHECK ("security_deposits"."authorize_tries" >= 0);