-- Cancellation policies and the price breakdown (ADR 0019).
-- Existing homes become "flexible": the closest policy to what their guests were promised so far
-- (every cancellation refunded in full). Existing bookings keep cancellation_policy NULL: they were
-- made under "always refunded in full", and the refund rules read NULL that way.
-- Their fees and tax are 0, so amount_cents = nights x nightly_cents holds for them already.
ALTER TABLE "bookings" ADD COLUMN "cleaning_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "cleaning_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "cancellation_policy" text DEFAULT 'flexible' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refund_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_breakdown_sum" CHECK ("bookings"."amount_cents" = "bookings"."nights" * "bookings"."nightly_cents" + "bookings"."cleaning_fee_cents" + "bookings"."service_fee_cents" + "bookings"."tax_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_range" CHECK ("bookings"."refund_amount_cents" is null or "bookings"."refund_amount_cents" between 0 and "bookings"."amount_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancellation_policy_valid" CHECK ("bookings"."cancellation_policy" is null or "bookings"."cancellation_policy" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_cleaning_fee_range" CHECK ("homes"."cleaning_fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_cancellation_policy_valid" CHECK ("homes"."cancellation_policy" in ('flexible', 'moderate', 'strict'));