CREATE TABLE "payout_accounts" (
	"host_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_account_id" text NOT NULL,
	"status" text DEFAULT 'pending_verification' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_status_valid" CHECK ("payout_accounts"."status" in ('pending_verification', 'enabled', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "payout_connect_reminders" (
	"host_id" text PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payout_id" uuid NOT NULL,
	"ledger_entry_id" bigint NOT NULL,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_transfer_id" text,
	"failure_code" text,
	"failure_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_paid_has_transfer" CHECK ("payouts"."status" <> 'paid' or ("payouts"."provider_transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payout_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"holder_name" text,
	"account_last4" text,
	"fail_transfers" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending_verification' NOT NULL,
	"onboarding_token" text,
	"onboarding_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"transfer_group" text,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_connect_reminders" ADD CONSTRAINT "payout_connect_reminders_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payout_accounts" ADD CONSTRAINT "sandbox_payout_accounts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_account_id_sandbox_payout_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_payout_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_external_unique" ON "payout_accounts" USING btree ("provider","external_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_entry_unique" ON "payout_items" USING btree ("payout_id","ledger_entry_id");--> statement-breakpoint
CREATE INDEX "payout_items_entry_idx" ON "payout_items" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "payout_items_booking_idx" ON "payout_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payouts_host_idx" ON "payouts" USING btree ("host_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_pending_per_host" ON "payouts" USING btree ("host_id") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_transfer_unique" ON "payouts" USING btree ("provider","provider_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payout_accounts_key_unique" ON "sandbox_payout_accounts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payout_accounts_token_unique" ON "sandbox_payout_accounts" USING btree ("onboarding_token");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_key_unique" ON "sandbox_transfers" USING btree ("idempotency_key");