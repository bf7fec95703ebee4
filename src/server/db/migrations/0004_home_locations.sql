CREATE TABLE "home_locations" (
	"location" text PRIMARY KEY NOT NULL,
	"home_count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "homes_location_trgm_idx";--> statement-breakpoint
CREATE INDEX "home_locations_trgm_idx" ON "home_locations" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "homes_location_idx" ON "homes" USING btree ("location","seq" DESC NULLS LAST);