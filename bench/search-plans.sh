#!/usr/bin/env bash
# Writes docs/search-plans.md: EXPLAIN (ANALYZE, BUFFERS) of every search shape against the
# bench's PostgreSQL data (load it first: BENCH_DATABASE_URL=... npm run bench).
# Usage: bench/search-plans.sh postgres://root@127.0.0.1:5432/bench_search
# The place search runs inside search_place_page (PL/pgSQL): its statement's plan is shown
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

A place search is \`search_place_page\` (migrations 0008, 0014, 0015, 0017 and 0050, ADRs 0011, 0020, 0026 and 0080;
a search of one place, newest first, is its own statement in the app: src/server/features/homes/one-place-page.ts), which
answers the page's columns itself, in the asked sort. The app runs it as a prepared statement
(\`homes_place_search\`, src/server/features/homes/homes-queries.ts), so the outer statement is parsed and
planned once per connection too. Each of its statements (one per sort) is planned once per connection as a
generic plan (\`plan_cache_mode = force_generic_plan\` on the function; \`\$n\` are its arguments): it runs
first for the places that contain the term (one trigram ILIKE index scan; the close-spelling scan, \`<%\`,
is gated by a **One-Time Filter** and never executed), and again for the close spellings only when the page
is not full. Per place newest first is an **Index Only Scan** of \`homes_location_idx\`, which carries
every column the walk filters on (\`upcoming_nights\`: the confirmed nights from a recent day on), and the
rows of the page are then read by primary key (\`homes_pkey\`, 4 buffers a row); the other sorts walk
\`homes_location_price_idx\` forwards or backwards or \`homes_location_rating_idx\` backwards with an
**Index Scan** that reads each row it passes. Every walk stops at the page size (\`Limit\`), filtering on
price, bedrooms, window, guests, nights (\`search_home_fits\`, inlined: its expressions show in the
Filter) and live holds (one hashed subplan on \`bookings_hold_expiry_idx\`); with a price sort the price
range is part of the index condition. The function runs with \`enable_sort = off\`
(the generic plan cannot see the page size and once chose a bitmap scan of the whole place plus a sort)
and \`jit = off\` (the disabled sort's cost would otherwise make every call JIT-compile, about 1 s), which
is why the merge's Sort shows a cost of 10^10.
The fully booked case is the only one that walks a whole place: 10,000 index entries and no rows
(\`Heap Fetches: 0\`, about 620 buffers; before migration 0017 it read every row, about 10,100 buffers
and 4 times the time). No per-home booking
lookup). Lists without a place walk \`homes_seq_unique\` backwards (newest) or \`homes_price_idx\` /
\`homes_rating_idx\` (the other sorts); one home is one primary-key lookup.
Each shape shows the plan of its statement; a place search shows the inner
(function) plan first, then the outer statement. The list statements are prepared with the usual
page size written in (\`limit 25\`): with \`LIMIT \$n\` the generic plan of a dated list assumes a tenth of
the table and picks a parallel scan (15 ms), so PostgreSQL would re-plan it on every request.
How much CPU each request costs in the server and in
PostgreSQL, before and after the request-path work of 2026-11-23, is under "Measured speed on
PostgreSQL" in \`docs/operations.md\`.

MD
fn() { echo "select f.out_seq, f.out_rank from search_place_page($1, null::jsonb) with ordinality as f order by f.ordinality"; }
run 'Place only: Lisbon (10,000 homes)' "$(fn "'Lisbon', 'lisbon', null, null, null, null, now(), null, null, null, 'newest', null, null, null, null, 25")"
run 'Place, dates and guests: Lisbon' "$(fn "'Lisbon', 'lisbon', '$(d 20)', '$(d 23)', 3, null, now(), null, null, null, 'newest', null, null, null, null, 25")"
run "Fully booked: Lisbon, $b_in to $b_out (every Lisbon home is booked)" "$(fn "'Lisbon', 'lisbon', '$b_in', '$b_out', null, null, now(), null, null, null, 'newest', null, null, null, null, 25")"
run "Place, dates and guests: a place of about 200 homes ($small)" "$(fn "'$small', lower('$small'), '$(d 30)', '$(d 33)', 4, null, now(), null, null, null, 'newest', null, null, null, null, 25")"
run 'A typo matching by trigram ("Lisbn")' "$(fn "'Lisbn', 'lisbn', '$(d 20)', '$(d 23)', null, null, now(), null, null, null, 'newest', null, null, null, null, 25")"
run 'Next page of a place search (cursor: rank 0, seq 500000)' "$(fn "'Lisbon', 'lisbon', '$(d 20)', '$(d 23)', null, null, now(), null, null, null, 'newest', 0, null, null, 500000, 25")"
run 'Place, price low to high: Lisbon' "$(fn "'Lisbon', 'lisbon', null, null, null, null, now(), null, null, null, 'price_asc', null, null, null, null, 25")"
run 'Place, price high to low, dates, guests, $100-$250 and 2+ bedrooms: Lisbon' "$(fn "'Lisbon', 'lisbon', '$(d 20)', '$(d 23)', 2, null, now(), 10000, 25000, 2, 'price_desc', null, null, null, null, 25")"
run 'Place, rating (next page: cursor rank 0, rating 4.5, seq 500000): Lisbon' "$(fn "'Lisbon', 'lisbon', null, null, null, null, now(), null, null, null, 'rating', 0, null, 4.5, 500000, 25")"
run "Place, dates, guests, price and bedrooms, cheapest first: a place of about 200 homes ($small)" "$(fn "'$small', lower('$small'), '$(d 30)', '$(d 33)', 2, null, now(), 8000, 30000, 2, 'price_asc', null, null, null, null, 25")"
run 'List, newest first' "select id, title from homes order by seq desc limit 25"
run 'Dates and guests, no place' "select id, title from homes where available_from <= '$(d 20)' and available_to >= '$(d 23)' and total_guest >= 2 and not (confirmed_nights && daterange('$(d 20)', '$(d 23)')) and id not in (select home_id from bookings where status = 'held' and hold_expires_at > now() and stay && daterange('$(d 20)', '$(d 23)') and home_id is not null) order by seq desc limit 25"
run 'List, price low to high (next page)' "select id, title from homes where (price_cents, seq) > (10000, 500000) order by price_cents, seq limit 25"
run 'List, rating' "select id, title from homes order by rating_sort desc, seq desc limit 25"
run 'Price range and bedrooms, no place, newest first' "select id, title from homes where price_cents >= 10000 and price_cents <= 20000 and bedrooms >= 3 order by seq desc limit 25"
run 'One home' "select * from homes where id = '$home' limit 1"
echo "written: $out"
