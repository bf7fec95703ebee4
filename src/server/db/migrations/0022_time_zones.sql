-- Each home's own IANA time zone (ADR 0035): check-in/out times, cancellation cut-offs and "today"
-- for its calendar are read on its clocks. Homes from before are UTC, which is what every rule used.
-- A booking keeps the zone its home had when the hold was placed, so a later change of the home's
-- zone never moves the cut-offs of stays already booked.
--
-- PostgreSQL's check: a zone it can convert to (the API checks the runtime's IANA list first).
-- IMMUTABLE as a CHECK wants: the answer depends only on the name and the server's zone database.
CREATE FUNCTION time_zone_is_valid(p_zone text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF p_zone IS NULL OR p_zone !~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$' THEN
    RETURN false;
  END IF;
  PERFORM timestamptz '2000-01-01 00:00:00+00' AT TIME ZONE p_zone;
  RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN false;
END;
$$;
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_time_zone_valid" CHECK (time_zone_is_valid("homes"."time_zone"));--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- The stored JSON gains timeZone (migration 0018): the column is dropped and added again, which
-- rewrites the table under an exclusive lock (docs/operations.md, upgrading), as 0018 did.
ALTER TABLE "homes" DROP COLUMN "api_json";--> statement-breakpoint
DROP FUNCTION home_api_json(uuid, text, text, text[], integer, integer, integer, integer, text, date, date, text,
  integer, integer, text, text, text, integer, integer, integer, text);--> statement-breakpoint
CREATE FUNCTION home_api_json(
  p_id uuid, p_title text, p_location text, p_images text[], p_price_cents integer, p_total_guest integer,
  p_bedrooms integer, p_bathrooms integer, p_description text, p_available_from date, p_available_to date,
  p_host_email text, p_min_nights integer, p_max_nights integer, p_check_in_time text, p_check_out_time text,
  p_house_rules text, p_rating_sum integer, p_rating_count integer, p_cleaning_fee_cents integer,
  p_cancellation_policy text, p_time_zone text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '{"_id":' || to_json(p_id::text)::text
    || ',"title":' || to_json(p_title)::text
    || ',"location":' || to_json(p_location)::text
    || ',"image":' || to_json(coalesce(p_images[1], '/placeholder-home.svg'))::text
    || ',"images":' || to_json(CASE WHEN cardinality(p_images) > 0 THEN p_images ELSE ARRAY['/placeholder-home.svg'] END)::text
    || ',"price":' || trim_scale(p_price_cents::numeric / 100)::text
    || ',"total_guest":' || p_total_guest
    || ',"bedrooms":' || p_bedrooms
    || ',"bathrooms":' || p_bathrooms
    || ',"description":' || to_json(p_description)::text
    || ',"from":' || to_json(p_available_from)::text
    || ',"to":' || to_json(p_available_to)::text
    || ',"hostEmail":' || to_json(p_host_email)::text
    || ',"email":' || to_json(p_host_email)::text
    || ',"minNights":' || p_min_nights
    || ',"maxNights":' || p_max_nights
    || ',"checkInTime":' || to_json(p_check_in_time)::text
    || ',"checkOutTime":' || to_json(p_check_out_time)::text
    || ',"houseRules":' || to_json(p_house_rules)::text
    || ',"rating":' || CASE WHEN p_rating_count > 0
         THEN trim_scale(((p_rating_sum::bigint * 200 + p_rating_count) / (2 * p_rating_count))::numeric / 100)::text ELSE 'null' END
    || ',"reviewCount":' || p_rating_count
    || ',"cleaningFee":' || trim_scale(p_cleaning_fee_cents::numeric / 100)::text
    || ',"cancellationPolicy":' || to_json(p_cancellation_policy)::text
    || ',"timeZone":' || to_json(p_time_zone)::text
    || '}'
$$;
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "api_json" text GENERATED ALWAYS AS (home_api_json(id, title, location, images, price_cents, total_guest, bedrooms, bathrooms, description, available_from, available_to, host_email, min_nights, max_nights, check_in_time, check_out_time, house_rules, rating_sum, rating_count, cleaning_fee_cents, cancellation_policy, time_zone)) STORED NOT NULL;
