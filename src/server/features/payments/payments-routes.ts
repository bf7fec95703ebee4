import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#shared/schemas/common';
import {
  paymentsConfigSchema,
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
} from '#shared/schemas/payments';
import type { AppContext } from '#server/app-context';
import { authenticated, requireUser } from '#server/auth/guards';
import { paymentEvents } from '#server/db/schema';
import { HttpError, conflict, forbidden, notFound } from '#server/http/errors';
import { PaymentProviderError, type PaymentProvider } from '#server/providers/payments/payment-provider';
import type { SandboxPayments } from '#server/providers/payments/sandbox-payments';
import type { StripePayments } from '#server/providers/payments/stripe-payments';
import { bookingDeps } from '../bookings/bookings-routes';
import { confirmWithIntent, findBooking, refundBooking } from '../bookings/bookings-service';

const isSandbox = (p: PaymentProvider): p is SandboxPayments => p.name === 'sandbox' && 'confirmCard' in p;
const isStripe = (p: PaymentProvider): p is StripePayments => p.name === 'stripe' && 'verifyWebhook' in p;

const webhookAnswer = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });

export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = bookingDeps(ctx, app.log);

    app.get(
      '/payments/config',
      {
        schema: {
          tags: ['payments'],
          summary: "Which card form to show: the sandbox's own, or Stripe Elements with this publishable key",
          response: { 200: paymentsConfigSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return ctx.payments.publicConfig();
      },
    );

    app.post(
      '/payments/sandbox/confirm',
      {
        preValidation: authenticated,
        schema: {
          tags: ['payments'],
          summary:
            "Pay an intent with a card in the sandbox (the provider's test mode); test card 4242 4242 4242 4242 succeeds",
          description:
            '402 answers carry the card error to show under the form: `{ error: { code, message } }`. ' +
            "Only the guest of the intent's booking may pay it. The card number is never stored.",
          body: sandboxConfirmRequestSchema,
          response: {
            200: sandboxConfirmResponseSchema,
            400: errorResponse,
            401: errorResponse,
            402: errorResponse,
            403: errorResponse,
            404: errorResponse,
            409: errorResponse,
          },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const payments = ctx.payments;
        if (!isSandbox(payments)) throw notFound('The sandbox is not the payment provider here');
        const { clientSecret, card, billing } = request.body;
        const intent = await payments.findByClientSecret(clientSecret);
        if (!intent) throw notFound('No payment with this client secret');
        const booking = intent.metadata.bookingId ? await findBooking(ctx.db, intent.metadata.bookingId) : null;
        if (!booking || booking.guestId !== caller.id) throw forbidden('This payment is not yours');

        if (intent.status === 'succeeded') return { paymentIntent: { id: intent.id, status: intent.status } };
        const now = ctx.clock.now();
        if (booking.status !== 'held' || !booking.holdExpiresAt || booking.holdExpiresAt <= now) {
          throw conflict('Your hold on these dates has ended. Please choose the dates again.', 'hold_expired');
        }
        const result = await payments.confirmCard(clientSecret, card, billing);
        if (result.ok) return { paymentIntent: { id: result.intent.id, status: result.intent.status } };
        if (result.code === 'payment_intent_unexpected_state') throw conflict(result.message, result.code);
        throw new HttpError(402, result.code, result.message);
      },
    );

    // Stripe signs the exact bytes it sent: this scope keeps the raw body (no JSON parsing).
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
        done(null, body),
      );

      raw.post(
        '/webhooks/stripe',
        {
          schema: {
            tags: ['payments'],
            summary:
              'Stripe webhook (payment_intent.succeeded / payment_intent.payment_failed), verified by its signature',
            response: { 200: webhookAnswer, 400: errorResponse, 404: errorResponse, 503: errorResponse },
          },
        },
        async (request) => {
          const payments = ctx.payments;
          if (!isStripe(payments)) throw notFound('Stripe is not the payment provider here');
          let event;
          try {
            const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
            event = payments.verifyWebhook(body, request.headers['stripe-signature'] as string | undefined);
          } catch (err) {
            if (err instanceof PaymentProviderError && err.code === 'webhooks_disabled') {
              throw new HttpError(503, 'webhooks_disabled', 'STRIPE_WEBHOOK_SECRET is not set');
            }
            throw new HttpError(400, 'invalid_signature', 'The webhook signature is not valid');
          }

          const [seen] = await ctx.db
            .select({ id: paymentEvents.id })
            .from(paymentEvents)
            .where(eq(paymentEvents.id, event.id))
            .limit(1);
          if (seen) return { received: true, duplicate: true };

          const intent = event.intent;
          if (intent && event.type === 'payment_intent.succeeded') {
            const booking = intent.metadata.bookingId ? await findBooking(ctx.db, intent.metadata.bookingId) : null;
            if (!booking || booking.paymentIntentId !== intent.id) {
              request.log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'payment for no known booking');
            } else if (booking.status === 'held') {
              await confirmWithIntent(deps, booking, intent);
            } else if (booking.status === 'expired' || (booking.status === 'cancelled' && !booking.confirmedAt)) {
              // Paid after the hold was given up: the money goes back.
              await refundBooking(deps, booking);
            }
          } else if (intent && event.type === 'payment_intent.payment_failed') {
            // The hold stays: the guest may try another card until it expires.
            request.log.info(
              { eventId: event.id, paymentIntentId: intent.id, error: intent.lastError },
              'card payment failed',
            );
          }

          // Recorded after handling: a crash in between makes Stripe deliver again, and handling is idempotent.
          await ctx.db
            .insert(paymentEvents)
            .values({
              id: event.id,
              provider: 'stripe',
              type: event.type,
              paymentIntentId: intent?.id ?? null,
            })
            .onConflictDoNothing();
          return { received: true };
        },
      );
    });
  };
}
