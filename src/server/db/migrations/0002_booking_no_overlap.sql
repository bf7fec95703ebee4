-- Two held or confirmed stays of one home can never overlap; a violation raises SQLSTATE 23P01.
-- The same gist index answers "is this home free for these dates?" in searches.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("home_id" WITH =, "stay" WITH &&)
  WHERE ("status" IN ('held', 'confirmed'));
