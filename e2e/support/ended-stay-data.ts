/**
 * Run with tsx before a server starts on `dataDir` (reviews.e2e.ts): migrates a fresh embedded database
 * there and puts in it a host, a guest (both with a password) and a confirmed stay of the guest at the
 * host's home that checked out yesterday (UTC), by the server's own clock: the real one. Prints the ids
 * as JSON. Made with the API tests' factories, so it is exactly what the server reads.
 *
 *   node --import tsx e2e/support/ended-stay-data.ts <dataDir>
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openPglite } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { insertBooking, insertHome } from '../../src/server/test/factories';
import { insertPasswordUser } from '../../src/server/test/password-users';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: ended-stay-data.ts <dataDir>');
const database = await openPglite(join(dataDir, 'pglite'));
await database.migrate();
const { db } = database;
const host = await insertPasswordUser(db, 'review-host@stayhub.test');
await db.update(users).set({ role: 'host', name: 'Hana Host' }).where(eq(users.id, host.id));
const guest = await insertPasswordUser(db, 'review-guest@stayhub.test');
await db.update(users).set({ name: 'Gus Guest' }).where(eq(users.id, guest.id));
const home = await insertHome(db, {
  hostId: host.id,
  hostEmail: host.email,
  title: 'Harbour loft for reviews',
  location: 'Porto, Portugal',
  availableFrom: day(-30),
  availableTo: day(120),
  images: [],
});
const booking = await insertBooking(db, home, {
  guestId: guest.id,
  guestEmail: guest.email,
  checkIn: day(-4),
  checkOut: day(-1),
  confirmedAt: new Date(Date.now() - 10 * DAY),
});
await database.close();
console.log(JSON.stringify({ homeId: home.id, bookingId: booking.id, host: host.email, guest: guest.email }));
