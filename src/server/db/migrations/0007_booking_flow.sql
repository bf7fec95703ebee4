CREATE TABLE "deleted_homes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host_id" text,
	"host_email" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_received_at" timestamp with time zone;