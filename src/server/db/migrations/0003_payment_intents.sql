CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"payment_intent_id" text,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"booking_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"receipt_email" text,
	"card_brand" text,
	"card_last4" text,
	"billing_name" text,
	"billing_email" text,
	"last_error_code" text,
	"last_error_message" text,
	"succeeded_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"refund_id" text,
	"refund_idempotency_key" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_status_valid" CHECK ("payment_intents"."status" in ('requires_payment_method', 'processing', 'succeeded', 'canceled')),
	CONSTRAINT "payment_intents_amount_positive" CHECK ("payment_intents"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_client_secret_unique" ON "payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_idempotency_key_unique" ON "payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_intents_booking_id_idx" ON "payment_intents" USING btree ("booking_id");