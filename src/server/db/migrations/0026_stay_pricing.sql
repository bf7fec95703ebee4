-- Prices by date (issue 27, ADR 0049): a host's price periods, and the parts of a booking's price
-- kept with it (subtotal of the nights' prices, discount, extra guests, deposit, the whole breakdown).
CREATE TABLE "price_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_periods_dates_valid" CHECK ("price_periods"."from_date" < "price_periods"."to_date"),
	CONSTRAINT "price_periods_price_positive" CHECK ("price_periods"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "price_periods" ADD CONSTRAINT "price_periods_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_periods_home_idx" ON "price_periods" USING btree ("home_id","from_date");--> statement-breakpoint
-- Each night of a home has at most one period price (btree_gist, as home_blocks_host_no_overlap):
-- a new period cuts the ones it covers in the same transaction, under the home's row lock.
ALTER TABLE "price_periods" ADD CONSTRAINT "price_periods_no_overlap"
  EXCLUDE USING gist ("home_id" WITH =, daterange("from_date", "to_date", '[)') WITH &&);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_breakdown_sum";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
-- Bookings from before: every night at the one nightly price.
UPDATE "bookings" SET "subtotal_cents" = "nights" * "nightly_cents";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extra_guest_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_parts_valid" CHECK ("bookings"."subtotal_cents" > 0 and "bookings"."discount_cents" between 0 and "bookings"."subtotal_cents" and "bookings"."extra_guest_fee_cents" >= 0 and "bookings"."deposit_cents" >= 0);--> statement-breakpoint
-- The deposit is authorised apart, never charged with the stay: it is not in amount_cents.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_breakdown_sum" CHECK ("bookings"."amount_cents" = "bookings"."subtotal_cents" - "bookings"."discount_cents" + "bookings"."extra_guest_fee_cents" + "bookings"."cleaning_fee_cents" + "bookings"."service_fee_cents" + "bookings"."tax_cents");
