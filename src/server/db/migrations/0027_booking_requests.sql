-- Booking requests (issue 27, ADR 0050). Payment intents of the sandbox provider learn manual capture:
-- an authorised card waits in requires_capture until captured (in full or part) or released.
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_status_valid";--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "capture_method" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "amount_captured_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "capture_idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_capture_method_valid" CHECK ("payment_intents"."capture_method" in ('automatic', 'manual'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_captured_range" CHECK ("payment_intents"."amount_captured_cents" is null or "payment_intents"."amount_captured_cents" between 1 and "payment_intents"."amount_cents");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_status_valid" CHECK ("payment_intents"."status" in ('requires_payment_method', 'processing', 'requires_capture', 'succeeded', 'canceled'));--> statement-breakpoint
-- Booking requests: a request holds its nights like a confirmed stay until the host answers.
ALTER TABLE "bookings" ADD COLUMN "booking_mode" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "respond_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "host_message" text;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_valid";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" in ('held', 'requested', 'confirmed', 'declined', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booking_mode_valid" CHECK ("bookings"."booking_mode" in ('instant', 'request'));--> statement-breakpoint
CREATE INDEX "bookings_respond_by_idx" ON "bookings" USING btree ("respond_by") WHERE "bookings"."status" = 'requested';--> statement-breakpoint
-- Two held, requested or confirmed stays of one home can never overlap (23P01), as migration 0002 says.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("home_id" WITH =, "stay" WITH &&)
  WHERE ("status" IN ('held', 'requested', 'confirmed'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION homes_confirmed_nights_refresh(home_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(home_ids) = 0 THEN
    RETURN;
  END IF;
  -- Lock first, then read: the UPDATE below runs with a snapshot taken after the lock, so two
  -- transactions changing one home's stays or blocks at once cannot lose each other's nights.
  PERFORM 1 FROM homes WHERE id = ANY (home_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE homes AS h
    SET confirmed_nights = n.nights,
      upcoming_from = homes_upcoming_from(n.nights),
      upcoming_nights = homes_upcoming_nights(n.nights, homes_upcoming_from(n.nights), h.location, h.host_email)
    FROM (
      SELECT u.id, coalesce(
        (SELECT range_agg(s.stay) FROM (
            SELECT b.stay FROM bookings b WHERE b.home_id = u.id AND b.status IN ('confirmed', 'requested')
            UNION ALL
            SELECT k.stay FROM home_blocks k WHERE k.home_id = u.id) AS s),
        '{}'::datemultirange) AS nights
      FROM (SELECT DISTINCT unnest(home_ids) AS id) AS u) AS n
    WHERE h.id = n.id;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookings_nights_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT DISTINCT home_id FROM new_rows WHERE status IN ('confirmed', 'requested') AND home_id IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_nights_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_insert();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookings_nights_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT o.home_id FROM old_rows o JOIN new_rows n USING (id)
      WHERE (o.status IN ('confirmed', 'requested') OR n.status IN ('confirmed', 'requested'))
        AND (o.status IS DISTINCT FROM n.status OR o.stay IS DISTINCT FROM n.stay
          OR o.home_id IS DISTINCT FROM n.home_id)
        AND o.home_id IS NOT NULL
    UNION
    SELECT n.home_id FROM old_rows o JOIN new_rows n USING (id)
      WHERE n.status IN ('confirmed', 'requested')
        AND (o.status IS DISTINCT FROM n.status OR o.stay IS DISTINCT FROM n.stay
          OR o.home_id IS DISTINCT FROM n.home_id)
        AND n.home_id IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_nights_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_update();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookings_nights_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT DISTINCT home_id FROM old_rows WHERE status IN ('confirmed', 'requested') AND home_id IS NOT NULL));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_nights_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_nights_delete();
