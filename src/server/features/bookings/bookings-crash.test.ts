import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '#server/db/client';
import { bookings, ledgerEntries, ledgerTransactions, paymentIntents } from '#server/db/schema';
import { DEMO_PASSWORD } from '#server/seed/demo-data';
import { addDays, calendarDate } from '#shared/stay';

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(dataDir: string, port: number, seed: boolean): Promise<Running> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: String(seed),
      LOG_LEVEL: 'warn',
      BOOKING_SWEEP_INTERVAL_MS: '300',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output: () => output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

// One spawned server on the embedded database is enough; the PostgreSQL project runs the same code paths in-process.
describe.skipIf(inject('dbMode') === 'postgres')('killing the server between payment and confirmation', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stayhub-crash-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) {
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGKILL');
        await exited(c);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('confirms the paid booking after a restart, with exactly one charge', async () => {
    const port = await freePort();
    let server = await startServer(dataDir, port, true);
    children.push(server.child);

    // The browser's headers: JSON and its own origin.
    const json = { 'content-type': 'application/json', origin: server.base };
    const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'guest@stayhub.test', password: DEMO_PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const authed = { ...json, cookie };

    // A demo home and dates it is free on (a month ahead, inside its window).
    const homes = (await (await fetch(`${server.base}/api/homes?limit=10`)).json()) as {
      _id: string;
      from: string;
      to: string;
      hostEmail: string;
    }[];
    const today = calendarDate(new Date(), 'UTC');
    let held: { bookingId: string; clientSecret: string; paymentIntentId: string } | null = null;
    let homeId = '';
    for (const home of homes) {
      for (let offset = 30; offset < 120 && !held; offset += 7) {
        const checkIn = addDays(today > home.from ? today : home.from, offset);
        const checkOut = addDays(checkIn, 2);
        if (checkOut > home.to) break;
        const res = await fetch(`${server.base}/api/payment-intent`, {
          method: 'POST',
          headers: authed,
          body: JSON.stringify({ homeId: home._id, checkIn, checkOut, guests: 1 }),
        });
        if (res.status === 200) {
          held = (await res.json()) as typeof held;
          homeId = home._id;
        }
      }
      if (held) break;
    }
    expect(held, 'no demo home could be held').not.toBeNull();

    const paid = await fetch(`${server.base}/api/payments/sandbox/confirm`, {
      method: 'POST',
      headers: authed,
      body: JSON.stringify({
        clientSecret: held!.clientSecret,
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123', name: 'Sam Rivera' },
        billing: { name: 'Sam Rivera', email: 'guest@stayhub.test' },
      }),
    });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { paymentIntent: { status: string } }).paymentIntent.status).toBe('succeeded');

    // The process dies before the browser's POST /api/bookings.
    server.child.kill('SIGKILL');
    await exited(server.child);

    server = await startServer(dataDir, port, false);
    children.push(server.child);

    // The sweeper of the new process finds the paid hold and confirms it.
    type Listed = { _id: string; status: string };
    let mine: Listed | undefined;
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const res = await fetch(`${server.base}/api/bookings?email=guest%40stayhub.test`, { headers: { cookie } });
      expect(res.status).toBe(200);
      mine = ((await res.json()) as Listed[]).find((b) => b._id === held!.bookingId);
      if (mine?.status === 'confirmed') break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(mine?.status, server.output()).toBe('confirmed');

    // The browser's late call answers the same booking.
    const late = await fetch(`${server.base}/api/bookings`, {
      method: 'POST',
      headers: authed,
      body: JSON.stringify({
        bookingId: held!.bookingId,
        paymentIntentId: held!.paymentIntentId,
        message: 'See you soon',
      }),
    });
    expect(await late.json()).toEqual({ acknowledged: true, insertedId: held!.bookingId });

    server.child.kill('SIGTERM');
    await exited(server.child);

    // Exactly one charge: one succeeded intent for the booking, one confirmed booking of this guest for those dates.
    const database = await openPglite(join(dataDir, 'pglite'));
    try {
      const intents = await database.db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.bookingId, held!.bookingId));
      expect(intents).toHaveLength(1);
      expect(intents[0]!.status).toBe('succeeded');
      expect(intents[0]!.refundId).toBeNull();
      const rows = await database.db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.homeId, homeId),
            eq(bookings.guestEmail, 'guest@stayhub.test'),
            eq(bookings.status, 'confirmed'),
          ),
        );
      expect(rows.filter((r) => r.id === held!.bookingId)).toHaveLength(1);
      expect(rows.find((r) => r.id === held!.bookingId)!.message).toBe('See you soon');
      // The ledger (issue 28): the charge written once, balanced, though the process died between
      // the card's charge and the booking's confirmation.
      const charges = await database.db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.bookingId, held!.bookingId), eq(ledgerTransactions.kind, 'charge')));
      expect(charges).toHaveLength(1);
      const lines = await database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, charges[0]!.id));
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
      expect(lines.filter((line) => line.amountCents > 0).reduce((sum, line) => sum + line.amountCents, 0)).toBe(
        rows.find((r) => r.id === held!.bookingId)!.amountCents,
      );
    } finally {
      await database.close();
    }
  }, 150_000);
});
