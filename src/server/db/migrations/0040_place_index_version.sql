CREATE TABLE "home_locations_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "home_locations_version_one_row" CHECK ("home_locations_version"."id")
);
--> statement-breakpoint
INSERT INTO "home_locations_version" ("id", "version") VALUES (true, 1);
--> statement-breakpoint
-- The text of src/server/db/sql/home-locations-version-bump.sql (ADR 0064).
CREATE OR REPLACE FUNCTION home_locations_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE home_locations_version SET version = version + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER home_locations_version_bump AFTER INSERT OR UPDATE OR DELETE ON home_locations
  FOR EACH ROW EXECUTE FUNCTION home_locations_version_bump();
