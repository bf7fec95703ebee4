-- The Home of a homes row as JSON text, generated from homeSchema by src/server/db/home-json-fields.ts.
-- Do not edit: run `npm run db:home-json` (docs/architecture.md, "Adding a field to a home").
CREATE OR REPLACE FUNCTION home_api_json(
  p_id uuid, p_title text, p_location text, p_images text[],
  p_price_cents integer, p_total_guest integer, p_bedrooms integer, p_bathrooms integer,
  p_description text, p_available_from date, p_available_to date, p_host_email text,
  p_min_nights integer, p_max_nights integer, p_check_in_time text, p_check_out_time text,
  p_house_rules text, p_rating_sum integer, p_rating_count integer, p_cleaning_fee_cents integer,
  p_cancellation_policy text, p_time_zone text, p_weekend_price_cents integer, p_weekly_discount_percent integer,
  p_monthly_discount_percent integer, p_last_minute_discount_percent integer, p_last_minute_days integer, p_early_bird_discount_percent integer,
  p_early_bird_days integer, p_guests_included integer, p_extra_guest_fee_cents integer, p_security_deposit_cents integer,
  p_booking_mode text, p_instant_book_requirements text[], p_approx_lat double precision, p_approx_lng double precision)
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
    || ',"weekendPrice":' || coalesce(trim_scale(p_weekend_price_cents::numeric / 100)::text, 'null')
    || ',"weeklyDiscountPercent":' || p_weekly_discount_percent
    || ',"monthlyDiscountPercent":' || p_monthly_discount_percent
    || ',"lastMinuteDiscountPercent":' || p_last_minute_discount_percent
    || ',"lastMinuteDays":' || p_last_minute_days
    || ',"earlyBirdDiscountPercent":' || p_early_bird_discount_percent
    || ',"earlyBirdDays":' || p_early_bird_days
    || ',"guestsIncluded":' || p_guests_included
    || ',"extraGuestFee":' || trim_scale(p_extra_guest_fee_cents::numeric / 100)::text
    || ',"securityDeposit":' || trim_scale(p_security_deposit_cents::numeric / 100)::text
    || ',"bookingMode":' || to_json(p_booking_mode)::text
    || ',"instantBookRequirements":' || to_json(p_instant_book_requirements)::text
    || ',"point":' || '{"lat":' || p_approx_lat::text || ',"lng":' || p_approx_lng::text || '}'
    || '}'
$$;
