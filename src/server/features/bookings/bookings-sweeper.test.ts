import { describe, expect, it } from 'vitest';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { insertHome } from '#server/test/factories';
import { signInAs, useTestApp } from '#server/test/test-app';
import { bookingRow, createHold } from '#server/test/booking-test-helpers';
import { startBookingSweeper } from './bookings-sweeper';

const t = useTestApp();

describe('startBookingSweeper', () => {
  it('sweeps at start and on its interval, and stops cleanly', async () => {
    const guest = await signInAs(t.app, 'guest');
    const home = await insertHome(t.db);
    const held = (
      await createHold(t.app, guest, { homeId: home.id, checkIn: '2026-12-10', checkOut: '2026-12-12', guests: 1 })
    ).json();
    t.clock.advance(15 * 60_000);

    const infos: unknown[] = [];
    const log = { info: (o: unknown) => infos.push(o), warn() {}, error() {} };
    const sweeper = startBookingSweeper(
      { db: t.db, clock: t.clock, payments: sandboxPayments({ db: t.db, clock: t.clock }), mail: t.app.mailQueue, log },
      { intervalMs: 50 },
    );
    try {
      await expect
        .poll(async () => (await bookingRow(t.db, held.bookingId)).status, { timeout: 5_000 })
        .toBe('expired');
      // The pass logs its summary after its last step, which can be after the hold is seen expired.
      await expect.poll(() => infos, { timeout: 5_000 }).toContainEqual({ confirmed: 0, expired: 1, refunded: 0 });
      // Passes keep running on the interval without overlapping.
      const result = await sweeper.runNow();
      expect(result).toEqual({ confirmed: 0, expired: 0, refunded: 0 });
    } finally {
      await sweeper.stop();
    }
    expect(await sweeper.runNow()).toBeNull();
  });
});
