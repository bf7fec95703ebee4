-- Issue 27: a booking's security deposit, authorised on the guest's card (not captured), released
-- after check-out + DEPOSIT_RELEASE_DAYS unless the host claims damage; an admin decides a claim.
CREATE TABLE "security_deposits" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"claim_amount_cents" integer,
	"claim_reason" text,
	"claimed_at" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"captured_cents" integer,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_deposits_status_valid" CHECK ("security_deposits"."status" in ('held', 'claimed', 'released', 'captured')),
	CONSTRAINT "security_deposits_amount_positive" CHECK ("security_deposits"."amount_cents" > 0),
	CONSTRAINT "security_deposits_claim_range" CHECK ("security_deposits"."claim_amount_cents" is null or "security_deposits"."claim_amount_cents" between 1 and "security_deposits"."amount_cents"),
	CONSTRAINT "security_deposits_capture_range" CHECK ("security_deposits"."captured_cents" is null or "security_deposits"."captured_cents" between 1 and "security_deposits"."claim_amount_cents"),
	CONSTRAINT "security_deposits_claim_complete" CHECK (("security_deposits"."claim_amount_cents" is null) = ("security_deposits"."claim_reason" is null) and ("security_deposits"."claim_amount_cents" is null) = ("security_deposits"."claimed_at" is null)),
	CONSTRAINT "security_deposits_claimed_has_claim" CHECK ("security_deposits"."status" <> 'claimed' or "security_deposits"."claim_amount_cents" is not null),
	CONSTRAINT "security_deposits_captured_amount" CHECK (("security_deposits"."status" = 'captured') = ("security_deposits"."captured_cents" is not null))
);
--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_deposits_release_idx" ON "security_deposits" USING btree ("release_at") WHERE "security_deposits"."status" = 'held';--> statement-breakpoint
CREATE INDEX "security_deposits_claims_idx" ON "security_deposits" USING btree ("claimed_at" DESC NULLS FIRST) WHERE "security_deposits"."claimed_at" is not null;
