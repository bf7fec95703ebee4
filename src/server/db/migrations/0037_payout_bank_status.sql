ALTER TABLE "payouts" ADD COLUMN "bank_payout_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "bank_payout_status" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "bank_failure_code" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_status_valid" CHECK ("payouts"."bank_payout_status" is null or "payouts"."bank_payout_status" in ('paid', 'failed'));