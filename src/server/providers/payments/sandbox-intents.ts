/** What the sandbox's modules share: an intent's row as the provider answers it, and its lookup. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { paymentIntents } from '#server/db/schema';
import { PaymentProviderError, type RetrievedIntent } from './payment-provider';

export type IntentRow = typeof paymentIntents.$inferSelect;

export const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');

export function toRetrieved(row: IntentRow): RetrievedIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    captureMethod: row.captureMethod,
    amountReceivedCents: row.status === 'succeeded' ? (row.amountCapturedCents ?? row.amountCents) : 0,
    metadata: { bookingId: row.bookingId },
    ...(row.lastErrorCode && row.status !== 'succeeded' && row.status !== 'requires_capture'
      ? { lastError: { code: row.lastErrorCode, message: row.lastErrorMessage ?? '' } }
      : {}),
  };
}

/** One intent's row; resource_missing when there is none. */
export async function loadIntent(db: Db, id: string): Promise<IntentRow> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
  if (!row) throw new PaymentProviderError(`No such payment_intent: '${id}'`, 'resource_missing');
  return row;
}
