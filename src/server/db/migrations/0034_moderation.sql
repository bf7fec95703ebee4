CREATE TABLE "moderation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"action" text,
	"note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_reports_status_valid" CHECK (("moderation_reports"."status" = 'open') = ("moderation_reports"."resolved_at" is null)),
	CONSTRAINT "moderation_reports_text_length" CHECK ("moderation_reports"."text" is null or char_length("moderation_reports"."text") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
DROP INDEX "homes_location_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "unlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "unlisted_by" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_open_unique" ON "moderation_reports" USING btree ("reporter_id","target_type","target_id") WHERE "moderation_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_reports_target_idx" ON "moderation_reports" USING btree ("target_type","target_id","status");--> statement-breakpoint
CREATE INDEX "moderation_reports_status_idx" ON "moderation_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "homes_location_idx" ON "homes" USING btree ("location","seq" DESC NULLS LAST,"price_cents","bedrooms","total_guest","available_from","available_to","upcoming_from","upcoming_nights","id","host_email","unlisted_at");--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_unlisted_valid" CHECK (("homes"."unlisted_at" is null) = ("homes"."unlisted_by" is null));--> statement-breakpoint
-- Hidden reviews leave the rating; unlisted homes leave place searches (ADR 0060). Texts from src/server/db/sql/.
-- Live definition of reviews_home_rating(), as migration 0034 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- homes.rating_count / rating_sum = count and sum of overall of the home's published guest reviews
-- (published_at set, not hidden by moderation: hidden_at, migration 0034), kept here in the writing transaction so cards read them without a join.
-- Reviews change one or two rows at a time (a write, the reviews job), so a row trigger is enough.
CREATE OR REPLACE FUNCTION reviews_home_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.author_role = 'guest' AND OLD.published_at IS NOT NULL
      AND OLD.hidden_at IS NULL AND OLD.home_id IS NOT NULL THEN
    UPDATE homes SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.overall WHERE id = OLD.home_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.author_role = 'guest' AND NEW.published_at IS NOT NULL
      AND NEW.hidden_at IS NULL AND NEW.home_id IS NOT NULL THEN
    UPDATE homes SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.overall WHERE id = NEW.home_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER reviews_home_rating AFTER INSERT OR DELETE OR UPDATE OF published_at, overall, home_id, hidden_at ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_home_rating();
--> statement-breakpoint
-- Live definition of search_place_home_rows(), as migration 0034 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- One page of a place search, as in migration 0018, over the places decided first: those containing
-- the term, or else the one closest spelling. The first row says what was matched: out_seq NULL,
-- out_rank the best place's rank and out_api_json its name (both NULL when nothing matched); the
-- page's homes follow. The walks are those of migration 0018, one per matched place, over the
-- matched places read once (a materialized CTE, which also gives the first row). Homes unlisted by
-- moderation (unlisted_at, migration 0034) are skipped inside homes_location_idx.
CREATE OR REPLACE FUNCTION search_place_home_rows(
  p_term text, p_escaped text, p_check_in date, p_check_out date, p_guests integer,
  p_host_email text, p_now timestamptz, p_min_price integer, p_max_price integer, p_bedrooms integer,
  p_sort text, p_after_rank integer, p_after_price integer, p_after_rating double precision,
  p_after_seq bigint, p_page integer)
RETURNS TABLE (out_rank integer, out_seq bigint, out_price_cents integer, out_rating_sum integer,
  out_rating_count integer, out_api_json text)
LANGUAGE plpgsql STABLE ROWS 25
SET plan_cache_mode = force_generic_plan
-- Why sorting and JIT are off: migration 0015.
SET enable_sort = off
SET jit = off
AS $$
DECLARE
  v_close boolean;
  v_matched boolean := false;
BEGIN
  -- First the places containing the term; only when there is none, the closest spelling. Each
  -- statement answers first what it matched (no seq; the best place's rank and name), then the
  -- page, and nothing at all when it matched no place. The half of the place list not asked for is
  -- a one-time filter in the generic plan: its scan never runs.
  FOREACH v_close IN ARRAY ARRAY[false, true] LOOP
    IF p_sort = 'newest' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT f.seq, f.id
        FROM homes f
        WHERE f.location = p.location
          AND f.seq < CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END
          AND search_home_fits(f.id, f.price_cents, f.bedrooms, f.total_guest, f.host_email, f.available_from,
            f.available_to, f.upcoming_from, f.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND f.unlisted_at IS NULL
          AND (p_check_in IS NULL OR f.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY f.seq DESC NULLS LAST
        LIMIT p_page
      ) AS w
      JOIN homes h ON h.id = w.id
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.seq DESC
      LIMIT p_page);
    ELSIF p_sort = 'price_asc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
        FROM homes h
        WHERE h.location = p.location
          AND (h.price_cents, h.seq) > (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE -1 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE -1 END)
          -- Spelled out as well: the bounds of the index walk.
          AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.price_cents, h.seq
        LIMIT p_page
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents, w.seq
      LIMIT p_page);
    ELSIF p_sort = 'price_desc' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json
        FROM homes h
        WHERE h.location = p.location
          AND (h.price_cents, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_price ELSE 2147483647 END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
          AND h.price_cents BETWEEN coalesce(p_min_price, 0) AND coalesce(p_max_price, 2147483647)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.price_cents DESC, h.seq DESC
        LIMIT p_page
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.price_cents DESC, w.seq DESC
      LIMIT p_page);
    ELSIF p_sort = 'rating' THEN
      RETURN QUERY
      WITH p AS MATERIALIZED (
        SELECT c.location, c.place_rank, c.home_count FROM search_place_containing(p_term, p_escaped) AS c
        WHERE NOT v_close
        UNION ALL
        SELECT c.location, c.place_rank, c.home_count FROM search_place_close(p_term, 1) AS c WHERE v_close)
      (SELECT m.place_rank, NULL::bigint, NULL::integer, NULL::integer, NULL::integer, m.location
       FROM p AS m ORDER BY m.place_rank, m.home_count DESC, m.location LIMIT 1)
      UNION ALL
      (SELECT p.place_rank, w.seq, w.price_cents, w.rating_sum, w.rating_count, w.api_json
      FROM p
      CROSS JOIN LATERAL (
        SELECT h.seq, h.price_cents, h.rating_sum, h.rating_count, h.api_json, h.rating_sort
        FROM homes h
        WHERE h.location = p.location
          AND (h.rating_sort, h.seq) < (CASE WHEN p.place_rank = p_after_rank THEN p_after_rating ELSE 'Infinity'::double precision END,
            CASE WHEN p.place_rank = p_after_rank THEN p_after_seq ELSE 9223372036854775807 END)
          AND search_home_fits(h.id, h.price_cents, h.bedrooms, h.total_guest, h.host_email, h.available_from,
            h.available_to, h.upcoming_from, h.upcoming_nights, p_check_in, p_check_out, p_guests, p_host_email,
            p_min_price, p_max_price, p_bedrooms)
          AND h.unlisted_at IS NULL
          AND (p_check_in IS NULL OR h.id NOT IN (
            SELECT b.home_id FROM bookings b
            WHERE b.status = 'held' AND (b.hold_expires_at > p_now OR b.payment_received_at IS NOT NULL)
              AND b.stay && daterange(p_check_in, p_check_out, '[)') AND b.home_id IS NOT NULL))
        ORDER BY h.rating_sort DESC, h.seq DESC
        LIMIT p_page
      ) AS w
      WHERE p_after_rank IS NULL OR p.place_rank >= p_after_rank
      ORDER BY p.place_rank, w.rating_sort DESC, w.seq DESC
      LIMIT p_page);
    ELSE
      RAISE EXCEPTION 'unknown sort %', p_sort USING ERRCODE = '22023';
    END IF;
    v_matched := FOUND;
    EXIT WHEN v_matched;
  END LOOP;
  -- (Not FOUND: a FOREACH loop sets it to whether it ran at all.)
  IF NOT v_matched THEN
    -- Nothing matched: the match row alone, empty. Assigned, not selected (no statement to start).
    RETURN NEXT;
  END IF;
END;
$$;
