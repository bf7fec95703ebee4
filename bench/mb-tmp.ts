import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { openPostgres } from '../src/server/db/client';
import { systemClock } from '../src/server/providers/clock/clock';
import { memoryMail } from '../src/server/providers/mail/mail';
import { sandboxPayments } from '../src/server/providers/payments/sandbox-payments';
import { diskStorage } from '../src/server/providers/storage/disk-storage';
import { loadEnv } from '../src/server/env';
import { addDays, calendarDate } from '../src/shared/stay';
const database = openPostgres('postgres://postgres@127.0.0.1:5432/bench', 4);
const { db } = database;
const app = await buildApp({
  db, clock: systemClock, storage: diskStorage('/tmp/mb/up'),
  config: { publicUrl: 'http://127.0.0.1', extraTrustedOrigins: [], production: true, authSecret: `b-${randomUUID()}-${randomUUID()}`, adminEmails: [], google: null, mailFrom: 'S <n@s.test>' },
  mail: memoryMail(), payments: sandboxPayments({ db, clock: systemClock }), logger: false,
  searchCacheTtlMs: loadEnv({ SEARCH_CACHE_TTL_MS: '0' }).SEARCH_CACHE_TTL_MS, placesMaxAgeMs: 2000, checkResponses: false,
});
const today = calendarDate(new Date());
const places = ['Lisbon', 'Porto', 'Madrid', 'Paris', 'Kyoto', 'Chicago'];
const shapes: Record<string, () => string> = {
  place: () => `/api/homes?location=${places[Math.floor(Math.random() * places.length)]}`,
  dated: () => { const ci = addDays(today, 1 + Math.floor(Math.random() * 100)); return `/api/homes?location=${places[Math.floor(Math.random() * places.length)]}&checkIn=${ci}&checkOut=${addDays(ci, 3)}&guests=2`; },
};
for (const [name, url] of Object.entries(shapes)) {
  for (let i = 0; i < 100; i++) await app.inject({ url: url() });
  const c0 = process.cpuUsage(); const n = 400;
  for (let i = 0; i < n; i++) { const r = await app.inject({ url: url() }); if (r.statusCode !== 200) throw new Error(r.body); }
  const c = process.cpuUsage(c0);
  console.log(name, Math.round((c.user + c.system) / n), 'µs server CPU per request (inject)');
}
await app.close(); await database.close?.();
process.exit(0);
