#!/usr/bin/env bash
# Writes docs/search-plans.md: EXPLAIN (ANALYZE, BUFFERS) of every search shape against the
# bench's PostgreSQL data (load it first: BENCH_DATABASE_URL=... npm run bench).
# Usage: bench/search-plans.sh postgres://root@127.0.0.1:5432/bench_search
# The place search runs inside search_place_home_rows (PL/pgSQL): its statement's plan is shown
# through auto_explain's nested statements; each shape runs twice and the second (warm) run is kept.
set -euo pipefail
url=${1:?database url}
out=${2:-docs/search-plans.md}
anchor=$(psql "$url" -Atc "select to_char(greatest(anchor, current_date), 'YYYY-MM-DD') from bench_meta")
booked=$(psql "$url" -Atc "select to_char(anchor + 61, 'YYYY-MM-DD') || ' ' || to_char(anchor + 64, 'YYYY-MM-DD') from bench_meta")
read -r b_in b_out <<<"$booked"
d() { date -u -d "$anchor + $1 days" +%F; }
home=$(psql "$url" -Atc "select id from homes order by seq offset (select count(*) / 2 from homes) limit 1")
small=$(psql "$url" -Atc "select split_part(location, ',', 1) from home_locations where location <> 'Lisbon, Portugal' order by location limit 1")

run() { # title, sql
  local title=$1 sql=$2
  {
    echo "## $title"
    echo
    echo '```sql'
    echo "$sql"
    echo '```'
    echo
    echo '```'
    psql "$url" -X -q 2>&1 <<SQL | sed -n '/^LOG:  duration/,$p' | sed '/^Query Text:/,/^\(Limit\|Nested\|Index\|Sort\|Result\|Aggregate\|Function\)/{/^\(Limit\|Nested\|Index\|Sort\|Result\|Aggregate\|Function\)/!d}' | sed 's/^LOG:  //'
\o /dev/null
load 'auto_explain';
set auto_explain.log_analyze = on;
set auto_explain.log_buffers = on;
set auto_explain.log_nested_statements = on;
$sql;
set auto_explain.log_min_duration = 0;
set client_min_messages = log;
$sql;
SQL
    echo '```'
    echo
  } >>"$out"
}

cat >"$out" <<MD
# Search plans

\`EXPLAIN (ANALYZE, BUFFERS)\` of every \`GET /api/homes\` shape and of \`GET /api/home/:id\`, on the
bench's PostgreSQL data: 1,000,000 homes over 5,000 places ("Lisbon, Portugal" has 10,000, all booked
$b_in to $b_out), 50,000 confirmed bookings. Written by \`bench/search-plans.sh\` on $(date -u +%F)
(PostgreSQL $(psql "$url" -Atc "show server_version"), shared_buffers $(psql "$url" -Atc "show shared_buffers"),
2 shared cores: timings vary with the machine's load, the plan shapes and buffer counts do not).

A place search is \`search_place_home_rows\` (migrations 0008 and 0014, ADR 0011), which answers the
page's columns itself (until migration 0014 the page's ids were joined to \`homes\` again by primary
key: 25 more index lookups per search). The app runs it as a prepared statement (\`homes_place_search\`,
src/server/features/homes/homes-queries.ts), so the outer statement is parsed and planned once per
connection too. Its inner statement is planned once per connection as a generic plan
(\`plan_cache_mode = force_generic_plan\` on the function; \`\$n\` are its arguments): the two trigram
index scans find the places, and per place an **Index Scan on homes_location_idx** walks the place in
seq order and stops at the page size (\`Limit\`), filtering each row (window, guests,
\`confirmed_nights\`, live holds through one hashed subplan on \`bookings_hold_expiry_idx\`).
The fully booked case is the only one that walks a whole place (10,000 index entries, no per-home
lookup). Lists without a place walk \`homes_seq_unique\` backwards; one home is one primary-key lookup.
Each shape shows the plan of its statement; a place search shows the inner
(function) plan first, then the outer statement. The list statements are prepared with the usual
page size written in (\`limit 25\`): with \`LIMIT \$n\` the generic plan of a dated list assumes a tenth of
the table and picks a parallel scan (15 ms), so PostgreSQL would re-plan it on every request.
How much CPU each request costs in the server and in
PostgreSQL, before and after the request-path work of 2026-11-23, is under "Measured speed on
PostgreSQL" in \`docs/operations.md\`.

MD
fn() { echo "select f.out_id, f.out_title, f.out_rank from search_place_home_rows($1) as f order by f.out_rank, f.out_seq desc"; }
run 'Place only: Lisbon (10,000 homes)' "$(fn "'Lisbon', 'lisbon', null, null, null, null, now(), null, null, 25")"
run 'Place, dates and guests: Lisbon' "$(fn "'Lisbon', 'lisbon', '$(d 20)', '$(d 23)', 3, null, now(), null, null, 25")"
run "Fully booked: Lisbon, $b_in to $b_out (every Lisbon home is booked)" "$(fn "'Lisbon', 'lisbon', '$b_in', '$b_out', null, null, now(), null, null, 25")"
run "Place, dates and guests: a place of about 200 homes ($small)" "$(fn "'$small', lower('$small'), '$(d 30)', '$(d 33)', 4, null, now(), null, null, 25")"
run 'A typo matching by trigram ("Lisbn")' "$(fn "'Lisbn', 'lisbn', '$(d 20)', '$(d 23)', null, null, now(), null, null, 25")"
run 'Next page of a place search (cursor: rank 0, seq 500000)' "$(fn "'Lisbon', 'lisbon', '$(d 20)', '$(d 23)', null, null, now(), 0, 500000, 25")"
run 'List, newest first' "select id, title from homes order by seq desc limit 25"
run 'Dates and guests, no place' "select id, title from homes where available_from <= '$(d 20)' and available_to >= '$(d 23)' and total_guest >= 2 and not (confirmed_nights && daterange('$(d 20)', '$(d 23)')) and id not in (select home_id from bookings where status = 'held' and hold_expires_at > now() and stay && daterange('$(d 20)', '$(d 23)') and home_id is not null) order by seq desc limit 25"
run 'One home' "select * from homes where id = '$home' limit 1"
echo "written: $out"
