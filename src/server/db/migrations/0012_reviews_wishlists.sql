CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"home_id" uuid,
	"author_role" text NOT NULL,
	"author_id" text,
	"subject_user_id" text,
	"overall" integer NOT NULL,
	"cleanliness" integer,
	"accuracy" integer,
	"location" integer,
	"value" integer,
	"text" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"publish_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_author_role_valid" CHECK ("reviews"."author_role" in ('guest', 'host')),
	CONSTRAINT "reviews_ratings_range" CHECK ("reviews"."overall" between 1 and 5 and coalesce("reviews"."cleanliness", 1) between 1 and 5
        and coalesce("reviews"."accuracy", 1) between 1 and 5 and coalesce("reviews"."location", 1) between 1 and 5
        and coalesce("reviews"."value", 1) between 1 and 5),
	CONSTRAINT "reviews_categories_by_role" CHECK (("reviews"."author_role" = 'guest') = ("reviews"."cleanliness" is not null and "reviews"."accuracy" is not null
        and "reviews"."location" is not null and "reviews"."value" is not null)),
	CONSTRAINT "reviews_text_length" CHECK (char_length("reviews"."text") between 1 and 1000),
	CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply" is null or char_length("reviews"."reply") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" text NOT NULL,
	"home_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_home_id_pk" PRIMARY KEY("user_id","home_id")
);
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_author_unique" ON "reviews" USING btree ("booking_id","author_role");--> statement-breakpoint
CREATE INDEX "reviews_home_idx" ON "reviews" USING btree ("home_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."author_role" = 'guest';--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_user_id","author_role","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_unpublished_idx" ON "reviews" USING btree ("publish_at") WHERE "reviews"."published_at" is null;--> statement-breakpoint
CREATE INDEX "wishlist_items_user_idx" ON "wishlist_items" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wishlist_items_home_idx" ON "wishlist_items" USING btree ("home_id");--> statement-breakpoint
-- homes.rating_count / rating_sum = count and sum of overall of the home's published guest reviews
-- (published_at set), kept here in the writing transaction so cards read them without a join.
-- Reviews change one or two rows at a time (a write, the reviews job), so a row trigger is enough.
CREATE FUNCTION reviews_home_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.author_role = 'guest' AND OLD.published_at IS NOT NULL
      AND OLD.home_id IS NOT NULL THEN
    UPDATE homes SET rating_count = rating_count - 1, rating_sum = rating_sum - OLD.overall WHERE id = OLD.home_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.author_role = 'guest' AND NEW.published_at IS NOT NULL
      AND NEW.home_id IS NOT NULL THEN
    UPDATE homes SET rating_count = rating_count + 1, rating_sum = rating_sum + NEW.overall WHERE id = NEW.home_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_home_rating AFTER INSERT OR DELETE OR UPDATE OF published_at, overall, home_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_home_rating();
