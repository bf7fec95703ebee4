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
import { HttpError } from '#server/http/errors';
import { notFound } from '#server/domain-errors';
import { PaymentProviderError, type PaymentProvider } from '#server/providers/payments/payment-provider';
import type { StripePayments } from '#server/providers/payments/stripe-payments';
import { handlePaymentEvent, payInSandbox } from './payments-service';
import { transferSeen } from '../payouts/payouts-webhooks';

const isStripe = (p: PaymentProvider): p is StripePayments => p.name === 'stripe' && 'verifyWebhook' in p;

const webhookAnswer = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });

export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
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
      async (request) => payInSandbox(ctx, requireUser(request), request.body),
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
              'Stripe webhook (payment_intent.*, charge.refunded, transfer.reversed/updated), verified by its signature',
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

          const deps = { ...ctx, log: request.log };
          return handlePaymentEvent(deps, event, (transfer) => transferSeen(deps, transfer));
        },
      );
    });
  };
}
