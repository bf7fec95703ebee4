-- Booking requests (issue 27, ADR 0049). Payment intents of the sandbox provider learn manual capture:
-- an authorised card waits in requires_capture until captured (in full or part) or released.
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_status_valid";--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "amount_captured_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "capture_idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_capture_method_valid" CHECK ("payment_intents"."capture_method" in ('automatic', 'manual'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_captured_range" CHECK ("payment_intents"."amount_captured_cents" is null or "payment_intents"."amount_captured_cents" between 1 and "payment_intents"."amount_cents");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_status_valid" CHECK ("payment_intents"."status" in ('requires_payment_method', 'processing', 'requires_capture', 'succeeded', 'canceled'));