/**
 * `BENCH_DATABASE_URL=... npx tsx bench/load-pg.ts`: migrate the bench's PostgreSQL database and load
 * (or reuse) its data without running the benchmark, e.g. before `bench/search-plans.sh`.
 */
import { openPostgres } from '../src/server/db/client';
import { systemClock } from '../src/server/providers/clock/clock';
import { calendarDate } from '../src/shared/stay';
import { ensurePgBenchData } from './pg-data';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required');
const database = openPostgres(url, 2);
await database.migrate();
const data = await ensurePgBenchData(url, calendarDate(systemClock.now()));
console.log(`${data.reused ? 'reused' : 'loaded'}: ${data.homes} homes, ${data.bookings} bookings (${data.loadMs} ms)`);
await database.close();
