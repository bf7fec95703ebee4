ALTER TABLE "security_deposits" DROP CONSTRAINT "security_deposits_status_valid";--> statement-breakpoint
ALTER TABLE "security_deposits" ALTER COLUMN "payment_intent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD COLUMN "authorize_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD COLUMN "failure_message" text;--> statement-breakpoint
CREATE INDEX "security_deposits_authorize_idx" ON "security_deposits" USING btree ("authorize_at") WHERE "security_deposits"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_intent_when_held" CHECK ("security_deposits"."status" not in ('held', 'claimed', 'captured') or "security_deposits"."payment_intent_id" is not null);--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_pending_due" CHECK ("security_deposits"."status" <> 'pending' or "security_deposits"."authorize_at" is not null);--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_status_valid" CHECK ("security_deposits"."status" in ('pending', 'held', 'claimed', 'released', 'captured', 'failed'));