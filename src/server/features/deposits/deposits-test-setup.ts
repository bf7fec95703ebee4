/**
 * The security-deposit tests' set-up (issue 27): the test app (DEPOSIT_RELEASE_DAYS 3), an admin, two
 * hosts and a guest, a stay with a deposit, and the deposit API calls. The test clock starts at
 * 2026-11-21T10:00Z (set back after each test); homes are in UTC with check-out at 11:00. Call it at a
 * test file's top level: it registers the file's hooks.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll } from 'vitest';
import { securityDeposits } from '#server/db/schema';
import type { MailMessage } from '#server/providers/mail/mail';
import { sandboxPayments } from '#server/providers/payments/sandbox-payments';
import { bookStay } from '#server/test/booking-test-helpers';
import { insertHome } from '#server/test/factories';
import { TEST_NOW, signInAs, useTestApp, type SignedIn } from '#server/test/test-app';
import { releaseDueDeposits } from './deposits-release';

/** The deposit of a stay booked by bookedWithDeposit releases then. */
export const RELEASE_AT = '2026-12-01T11:00:00.000Z';
/** Homes open from today, so a stay can start within days. */
export const WINDOW = { availableFrom: '2026-11-21', availableTo: '2027-03-01' };
export const DURING_STAY = '2026-11-26T09:00:00.000Z';

export function useDepositsApp() {
  const t = useTestApp(() => ({ deposits: { releaseDays: 3 } }));
  const messages = () => (t.mail as unknown as { messages: MailMessage[] }).messages;
  const provider = () => sandboxPayments({ db: t.db, clock: t.clock });
  const releasePass = () =>
    releaseDueDeposits({ db: t.db, clock: t.clock, payments: provider(), deposits: { releaseDays: 3 } });

  const people = {} as { admin: SignedIn; host: SignedIn; otherHost: SignedIn; guest: SignedIn };
  beforeAll(async () => {
    [people.admin, people.host, people.otherHost, people.guest] = await Promise.all([
      signInAs(t.app, 'admin'),
      signInAs(t.app, 'host'),
      signInAs(t.app, 'host'),
      signInAs(t.app, 'guest'),
    ]);
  });
  afterEach(() => t.clock.set(TEST_NOW));

  /** A stay of 2026-11-25 to 2026-11-28 at a fresh home of the host's with a $200 deposit; it releases at RELEASE_AT. */
  async function bookedWithDeposit(depositCents = 20_000) {
    const home = await insertHome(t.db, {
      ...WINDOW,
      hostId: people.host.user.id,
      hostEmail: people.host.user.email,
      securityDepositCents: depositCents,
    });
    const stay = await bookStay(t.app, people.guest, {
      homeId: home.id,
      checkIn: '2026-11-25',
      checkOut: '2026-11-28',
    });
    return { homeId: home.id, bookingId: stay.bookingId, paymentIntentId: stay.paymentIntentId };
  }

  async function depositRow(bookingId: string) {
    const [row] = await t.db.select().from(securityDeposits).where(eq(securityDeposits.bookingId, bookingId));
    return row;
  }
  const deposits = (who: SignedIn, as = 'guest') =>
    t.app.inject({ method: 'GET', url: `/api/deposits?as=${as}`, headers: who.headers });
  const claim = (who: SignedIn, bookingId: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/host/reservations/${bookingId}/damage-claim`,
      headers: who.headers,
      payload: payload as object,
    });
  const decide = (who: SignedIn, bookingId: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/damage-claims/${bookingId}/decide`,
      headers: who.headers,
      payload: payload as object,
    });

  return { t, people, messages, provider, releasePass, bookedWithDeposit, depositRow, deposits, claim, decide };
}
