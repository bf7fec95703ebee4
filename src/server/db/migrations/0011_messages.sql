CREATE TABLE "conversation_admin_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_admin_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"admin_id" text,
	"request_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"home_id" uuid,
	"booking_id" uuid,
	"guest_id" text NOT NULL,
	"host_id" text NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"check_in" date,
	"check_out" date,
	"note_posted" boolean DEFAULT false NOT NULL,
	"guest_read_up_to" bigint DEFAULT 0 NOT NULL,
	"host_read_up_to" bigint DEFAULT 0 NOT NULL,
	"guest_mailed_at" timestamp with time zone,
	"host_mailed_at" timestamp with time zone,
	"guest_mailed_up_to" bigint DEFAULT 0 NOT NULL,
	"host_mailed_up_to" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_kind_valid" CHECK ("conversations"."kind" in ('inquiry', 'booking')),
	CONSTRAINT "conversations_booking_kind" CHECK (("conversations"."kind" = 'booking') = ("conversations"."booking_id" is not null)),
	CONSTRAINT "conversations_two_parties" CHECK ("conversations"."guest_id" <> "conversations"."host_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"sender_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "conversation_admin_reads" ADD CONSTRAINT "conversation_admin_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_admin_reads" ADD CONSTRAINT "conversation_admin_reads_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_admin_reads_conversation_idx" ON "conversation_admin_reads" USING btree ("conversation_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_booking_unique" ON "conversations" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_inquiry_unique" ON "conversations" USING btree ("home_id","guest_id") WHERE "conversations"."kind" = 'inquiry';--> statement-breakpoint
CREATE INDEX "conversations_guest_idx" ON "conversations" USING btree ("guest_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_host_idx" ON "conversations" USING btree ("host_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id" DESC NULLS LAST);