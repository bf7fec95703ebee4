-- Map box search with filters (issue 29, ADR 0068): a newest-first walk index that answers the box and the
-- filters from its entries, and a GiST index testing the box and the filters before any row is read.
-- IF NOT EXISTS: the bench database got both by hand while they were measured.
CREATE INDEX IF NOT EXISTS "homes_box_walk_idx" ON "homes" USING btree ("seq","approx_lng","approx_lat","bedrooms","total_guest","price_cents","price_low_cents","price_high_cents") WHERE "homes"."unlisted_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "homes_box_filters_idx" ON "homes" USING gist (point("approx_lng", "approx_lat"),"bedrooms","total_guest",coalesce("price_low_cents", "price_cents"),coalesce("price_high_cents", "price_cents")) WHERE "homes"."unlisted_at" is null;