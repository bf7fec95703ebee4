import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { bookings, paymentIntents } from '../db/schema';
import type { SignedIn } from './test-app';

export const VISA_OK = '4242 4242 4242 4242';

export function createHold(app: FastifyInstance, who: SignedIn | null, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/payment-intent', headers: who?.headers ?? {}, payload: body });
}

export function payCard(
  app: FastifyInstance,
  who: SignedIn | null,
  clientSecret: string,
  card: Partial<{ number: string; expMonth: number; expYear: number; cvc: string; name: string }> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: who?.headers ?? {},
    payload: {
      clientSecret,
      card: { number: VISA_OK, expMonth: 12, expYear: 2030, cvc: '123', name: 'Test Guest', ...card },
      billing: { name: 'Test Guest', email: who?.user.email ?? 'nobody@example.test' },
    },
  });
}

export function confirmBookingCall(app: FastifyInstance, who: SignedIn | null, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/bookings', headers: who?.headers ?? {}, payload: body });
}

export async function bookingRow(db: Db, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export async function intentRow(db: Db, id: string) {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row!;
}

export interface HeldStay {
  bookingId: string;
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
}

/** Hold -> pay with 4242 -> POST /api/bookings; fails the test on any refusal. */
export async function bookStay(
  app: FastifyInstance,
  who: SignedIn,
  body: { homeId: string; checkIn: string; checkOut: string; guests?: number },
  message = '',
): Promise<HeldStay> {
  const held = await createHold(app, who, { guests: 1, ...body });
  if (held.statusCode !== 200) throw new Error(`hold: ${held.statusCode} ${held.body}`);
  const stay = held.json() as HeldStay;
  const paid = await payCard(app, who, stay.clientSecret);
  if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  const booked = await confirmBookingCall(app, who, {
    bookingId: stay.bookingId,
    paymentIntentId: stay.paymentIntentId,
    message,
  });
  if (booked.statusCode !== 200) throw new Error(`book: ${booked.statusCode} ${booked.body}`);
  return stay;
}
