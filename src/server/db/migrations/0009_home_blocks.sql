CREATE TABLE "home_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"stay" daterange NOT NULL,
	"note" text,
	"source" text DEFAULT 'host' NOT NULL,
	"import_id" uuid,
	"external_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_blocks_source_valid" CHECK ("home_blocks"."source" in ('host', 'import')),
	CONSTRAINT "home_blocks_stay_valid" CHECK (not isempty("home_blocks"."stay") and not lower_inf("home_blocks"."stay") and not upper_inf("home_blocks"."stay") and lower_inc("home_blocks"."stay") and not upper_inc("home_blocks"."stay"))
);
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "min_nights" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "max_nights" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "check_in_time" text DEFAULT '12:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "check_out_time" text DEFAULT '11:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "house_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "home_blocks" ADD CONSTRAINT "home_blocks_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_blocks_home_stay_idx" ON "home_blocks" USING gist ("home_id","stay");--> statement-breakpoint
CREATE INDEX "home_blocks_import_idx" ON "home_blocks" USING btree ("import_id");--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_nights_range" CHECK ("homes"."min_nights" between 1 and "homes"."max_nights" and "homes"."max_nights" <= 30);--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_times_valid" CHECK ("homes"."check_in_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "homes"."check_out_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
-- A host's own blocks never overlap each other (so each night has at most one host note);
-- imported blocks may overlap anything: they show as conflicts, never refused (issue 11).
ALTER TABLE "home_blocks" ADD CONSTRAINT "home_blocks_host_no_overlap"
  EXCLUDE USING gist ("home_id" WITH =, "stay" WITH &&) WHERE ("source" = 'host');
--> statement-breakpoint
-- homes.confirmed_nights now also holds every blocked night (host or imported), so searches
-- with dates skip blocked homes with the same one test on the row (ADR 0011, ADR 0015). The
-- name stays: the search function and its plans read it.
CREATE OR REPLACE FUNCTION homes_confirmed_nights_refresh(home_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(home_ids) = 0 THEN
    RETURN;
  END IF;
  -- Lock first, then read: the UPDATE below runs with a snapshot taken after the lock, so two
  -- transactions changing one home's stays or blocks at once cannot lose each other's nights.
  PERFORM 1 FROM homes WHERE id = ANY (home_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE homes AS h SET confirmed_nights = coalesce(
      (SELECT range_agg(n.stay) FROM (
          SELECT b.stay FROM bookings b WHERE b.home_id = h.id AND b.status = 'confirmed'
          UNION ALL
          SELECT k.stay FROM home_blocks k WHERE k.home_id = h.id) AS n),
      '{}'::datemultirange)
    WHERE h.id = ANY (home_ids);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION home_blocks_nights_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(SELECT DISTINCT home_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION home_blocks_nights_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(SELECT DISTINCT home_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION home_blocks_nights_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM homes_confirmed_nights_refresh(ARRAY(
    SELECT home_id FROM old_rows UNION SELECT home_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER home_blocks_nights_insert AFTER INSERT ON home_blocks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_blocks_nights_new();
--> statement-breakpoint
CREATE TRIGGER home_blocks_nights_delete AFTER DELETE ON home_blocks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_blocks_nights_old();
--> statement-breakpoint
CREATE TRIGGER home_blocks_nights_update AFTER UPDATE ON home_blocks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_blocks_nights_update();
