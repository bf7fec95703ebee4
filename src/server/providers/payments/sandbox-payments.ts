import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { paymentIntents } from '#server/db/schema';
import type { Clock } from '../clock/clock';
import {
  PaymentProviderError,
  type CreatedIntent,
  type PaymentProvider,
  type RetrievedIntent,
} from './payment-provider';
import { checkCard, type CardErrorCode, type CardInput } from './sandbox-cards';
import { loadIntent, toRetrieved, token } from './sandbox-intents';
import { authorizeSaved } from './sandbox-off-session';

interface SandboxBilling {
  name: string;
  email: string;
}

type SandboxConfirmResult =
  | { ok: true; intent: RetrievedIntent }
  | { ok: false; code: CardErrorCode | 'payment_intent_unexpected_state'; message: string };

export interface SandboxPayments extends PaymentProvider {
  readonly name: 'sandbox';
  /** The intent a client secret belongs to, or null. */
  findByClientSecret(clientSecret: string): Promise<RetrievedIntent | null>;
  /** Charges the card against the intent, like the provider's confirmCardPayment in test mode. */
  confirmCard(
    clientSecret: string,
    card: CardInput & { name?: string },
    billing: SandboxBilling,
  ): Promise<SandboxConfirmResult>;
}

/**
 * The default payment provider: the card provider's test mode, run by StayHub
 * itself with its state in the database (table payment_intents), so it works
 * offline and survives restarts. Every change is one guarded UPDATE, so two
 * racing confirmations charge once.
 */
export function sandboxPayments(deps: { db: Db; clock: Clock }): SandboxPayments {
  const { db, clock } = deps;

  const load = (id: string) => loadIntent(db, id);

  const provider: SandboxPayments = {
    name: 'sandbox',

    publicConfig: () => ({ provider: 'sandbox' }),

    async createIntent(input): Promise<CreatedIntent> {
      const id = `pi_sbx_${token(18)}`;
      const [inserted] = await db
        .insert(paymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${token(24)}`,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency,
          bookingId: input.bookingId,
          description: input.description,
          receiptEmail: input.receiptEmail,
          captureMethod: input.captureMethod ?? 'automatic',
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .onConflictDoNothing({ target: paymentIntents.idempotencyKey })
        .returning();
      const row =
        inserted ??
        (
          await db.select().from(paymentIntents).where(eq(paymentIntents.idempotencyKey, input.idempotencyKey)).limit(1)
        )[0];
      if (!row) throw new PaymentProviderError('The payment could not be created', 'provider_error');
      if (
        row.amountCents !== input.amountCents ||
        row.currency !== input.currency ||
        row.bookingId !== input.bookingId ||
        row.captureMethod !== (input.captureMethod ?? 'automatic')
      ) {
        throw new PaymentProviderError(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          'idempotency_error',
        );
      }
      return { id: row.id, clientSecret: row.clientSecret, status: row.status, amountCents: row.amountCents };
    },

    async retrieveIntent(id) {
      return toRetrieved(await load(id));
    },

    async cancelIntent(id) {
      await db
        .update(paymentIntents)
        .set({ status: 'canceled', canceledAt: clock.now(), updatedAt: clock.now() })
        .where(
          and(
            eq(paymentIntents.id, id),
            // An authorisation is released the same way: the amount held on the card is freed.
            inArray(paymentIntents.status, ['requires_payment_method', 'processing', 'requires_capture']),
          ),
        );
      return toRetrieved(await load(id));
    },

    captureIntent: (id, idempotencyKey, amountCents) => captureIntent({ db, clock }, id, idempotencyKey, amountCents),

    refund: (intentId, idempotencyKey, amountCents) =>
      refundIntent({ db, clock }, intentId, idempotencyKey, amountCents),

    async listOpenIntents(createdBefore, limit) {
      const rows = await db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.status, 'requires_payment_method'),
            lte(paymentIntents.createdAt, createdBefore),
            gte(paymentIntents.createdAt, new Date(createdBefore.getTime() - 86_400_000)),
          ),
        )
        .orderBy(asc(paymentIntents.createdAt))
        .limit(limit);
      return rows.map(toRetrieved);
    },

    async findByClientSecret(clientSecret) {
      const [row] = await db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.clientSecret, clientSecret))
        .limit(1);
      return row ? toRetrieved(row) : null;
    },

    confirmCard: (clientSecret, card, billing) => confirmCard({ db, clock }, clientSecret, card, billing),

    authorizeOffSession: (input) => authorizeSaved({ db, clock }, provider, input),
  };
  return provider;
}

/** Refunds a paid intent once; the same idempotency key answers the same refund again. */
async function refundIntent(
  { db, clock }: { db: Db; clock: Clock },
  intentId: string,
  idempotencyKey: string,
  amountCents: number | undefined,
): Promise<{ id: string }> {
  const refundId = `re_sbx_${token(18)}`;
  const [row] = await db
    .update(paymentIntents)
    .set({
      refundId,
      refundIdempotencyKey: idempotencyKey,
      refundAmountCents: amountCents ?? null,
      refundedAt: clock.now(),
      updatedAt: clock.now(),
    })
    .where(
      and(
        eq(paymentIntents.id, intentId),
        eq(paymentIntents.status, 'succeeded'),
        isNull(paymentIntents.refundId),
        // As the provider does: never more than was charged.
        amountCents !== undefined
          ? sql`coalesce(${paymentIntents.amountCapturedCents}, ${paymentIntents.amountCents}) >= ${amountCents}`
          : undefined,
      ),
    )
    .returning({ refundId: paymentIntents.refundId });
  if (row?.refundId) return { id: row.refundId };
  const current = await loadIntent(db, intentId);
  if (current.refundId && current.refundIdempotencyKey === idempotencyKey) return { id: current.refundId };
  if (current.refundId) {
    throw new PaymentProviderError(`Charge for ${intentId} has already been refunded.`, 'charge_already_refunded');
  }
  throw new PaymentProviderError(
    'This PaymentIntent does not have a successful charge to refund.',
    'payment_intent_unexpected_state',
  );
}

/**
 * Captures an authorised intent, all of it or `amountCents` (the rest is released), in one guarded
 * UPDATE; the same key answers the same capture again, as the provider's idempotency keys do.
 */
async function captureIntent(
  { db, clock }: { db: Db; clock: Clock },
  id: string,
  idempotencyKey: string,
  amountCents: number | undefined,
): Promise<RetrievedIntent> {
  const now = clock.now();
  const [captured] = await db
    .update(paymentIntents)
    .set({
      status: 'succeeded',
      succeededAt: now,
      amountCapturedCents: amountCents ?? sql`${paymentIntents.amountCents}`,
      captureIdempotencyKey: idempotencyKey,
      updatedAt: now,
    })
    .where(
      and(
        eq(paymentIntents.id, id),
        eq(paymentIntents.status, 'requires_capture'),
        amountCents !== undefined ? gte(paymentIntents.amountCents, amountCents) : undefined,
      ),
    )
    .returning();
  if (captured) return toRetrieved(captured);
  const current = await loadIntent(db, id);
  if (current.status === 'succeeded' && current.captureIdempotencyKey === idempotencyKey) return toRetrieved(current);
  if (current.status === 'requires_capture') {
    throw new PaymentProviderError('The amount to capture must be at most the amount authorised.', 'amount_too_large');
  }
  throw new PaymentProviderError(
    `This PaymentIntent could not be captured because it has a status of ${current.status}.`,
    'payment_intent_unexpected_state',
  );
}

/** Pays an intent with a test card (sandbox-cards.ts decides the outcome); a paid intent answers its success again. */
async function confirmCard(
  { db, clock }: { db: Db; clock: Clock },
  clientSecret: string,
  card: CardInput & { name?: string },
  billing: SandboxBilling,
): ReturnType<SandboxPayments['confirmCard']> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.clientSecret, clientSecret)).limit(1);
  if (!row) throw new PaymentProviderError('No such payment_intent', 'resource_missing');
  // A repeated confirmation of a paid (or authorised) intent answers the same success and charges nothing more.
  if (row.status === 'succeeded' || row.status === 'requires_capture') return { ok: true, intent: toRetrieved(row) };
  if (row.status === 'canceled') {
    return {
      ok: false,
      code: 'payment_intent_unexpected_state',
      message: 'This payment was canceled and can no longer be paid.',
    };
  }

  const outcome = checkCard(card, clock.now());
  const now = clock.now();
  if (!outcome.ok) {
    await db
      .update(paymentIntents)
      .set({
        lastErrorCode: outcome.code,
        lastErrorMessage: outcome.message,
        cardBrand: outcome.brand,
        cardLast4: outcome.last4,
        updatedAt: now,
      })
      .where(and(eq(paymentIntents.id, row.id), eq(paymentIntents.status, 'requires_payment_method')));
    return { ok: false, code: outcome.code, message: outcome.message };
  }

  // Manual capture: the card is only authorised; the amount is held until captured or released.
  const manual = row.captureMethod === 'manual';
  const [paid] = await db
    .update(paymentIntents)
    .set({
      ...(manual
        ? { status: 'requires_capture' as const, authorizedAt: now }
        : { status: 'succeeded' as const, succeededAt: now }),
      cardBrand: outcome.brand,
      cardLast4: outcome.last4,
      billingName: billing.name,
      billingEmail: billing.email,
      lastErrorCode: null,
      lastErrorMessage: null,
      updatedAt: now,
    })
    .where(and(eq(paymentIntents.id, row.id), eq(paymentIntents.status, 'requires_payment_method')))
    .returning();
  if (paid) return { ok: true, intent: toRetrieved(paid) };
  // Another confirmation or a cancel won the race; answer what it left.
  const after = await loadIntent(db, row.id);
  if (after.status === 'succeeded' || after.status === 'requires_capture')
    return { ok: true, intent: toRetrieved(after) };
  return {
    ok: false,
    code: 'payment_intent_unexpected_state',
    message: 'This payment was canceled and can no longer be paid.',
  };
}
