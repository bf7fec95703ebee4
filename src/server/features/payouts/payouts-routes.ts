/**
 * Host payouts (issue 28): the host's payouts and account, the CSV export, the sandbox's local
 * onboarding page, and Stripe Connect's webhook endpoint.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#shared/schemas/common';
import {
  hostPayoutsSchema,
  payoutAccountRequestSchema,
  payoutAccountSchema,
  payoutLinkSchema,
} from '#shared/schemas/payouts';
import type { AppContext } from '#server/app-context';
import { requireRole, withRole } from '#server/auth/guards';
import { notFound } from '#server/domain-errors';
import { HttpError } from '#server/http/errors';
import { PayoutProviderError, type PayoutProvider } from '#server/providers/payouts/payout-provider';
import type { StripePayouts } from '#server/providers/payouts/stripe-payouts';
import { payoutAccountLink, payoutAccountOf } from './payouts-accounts';
import { hostPayoutsCsv, hostPayoutsView } from './payouts-queries';
import { handlePayoutEvent } from './payouts-webhooks';

const isStripe = (p: PayoutProvider): p is StripePayouts => p.name === 'stripe' && 'verifyWebhook' in p;
const webhookAnswer = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });
const hostErrors = { 401: errorResponse, 403: errorResponse };

export function payoutsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/host/payouts',
      {
        preValidation: withRole('host'),
        schema: {
          tags: ['payouts'],
          summary: "The host's balance (pending, available, paid), upcoming payouts with their stays, and history",
          response: { 200: hostPayoutsSchema, ...hostErrors },
        },
      },
      async (request, reply) => {
        const me = requireRole(request, 'host');
        reply.header('cache-control', 'private, no-store');
        return hostPayoutsView(ctx, me.id);
      },
    );

    app.get(
      '/host/payouts.csv',
      {
        preValidation: withRole('host'),
        schema: {
          tags: ['payouts'],
          summary: "The host's payouts as CSV: one row per stay or deduction of each payout",
          response: { 200: z.string(), ...hostErrors },
        },
      },
      async (request, reply) => {
        const me = requireRole(request, 'host');
        reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'attachment; filename="payouts.csv"')
          .type('text/csv; charset=utf-8');
        return hostPayoutsCsv(ctx, me.id);
      },
    );

    app.get(
      '/host/payouts/account',
      {
        preValidation: withRole('host'),
        schema: {
          tags: ['payouts'],
          summary: "The host's payout account status: none, pending_verification, enabled or restricted",
          response: { 200: payoutAccountSchema, ...hostErrors },
        },
      },
      async (request, reply) => {
        const me = requireRole(request, 'host');
        reply.header('cache-control', 'private, no-store');
        return payoutAccountOf(ctx, me.id);
      },
    );

    app.post(
      '/host/payouts/account',
      {
        preValidation: withRole('host'),
        schema: {
          tags: ['payouts'],
          summary: 'Start or continue payout onboarding; once the account is enabled, a link to its dashboard',
          description:
            'Creates the connected account on the first call. The url is one-time: the onboarding (Stripe, or the ' +
            "sandbox's local page), or the Stripe Express dashboard. 503 when the provider is unreachable.",
          body: payoutAccountRequestSchema,
          response: { 200: payoutLinkSchema, 400: errorResponse, ...hostErrors, 503: errorResponse },
        },
      },
      async (request) => {
        const me = requireRole(request, 'host');
        return payoutAccountLink(ctx, me);
      },
    );

    await app.register(payoutWebhookRoutes(ctx));
  };
}

/** Stripe Connect's webhook endpoint. Stripe signs the exact bytes it sent: this scope keeps the raw body. */
function payoutWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      raw.post(
        '/webhooks/stripe-connect',
        {
          schema: {
            tags: ['payouts'],
            summary:
              'Stripe Connect webhook (account.updated, transfer.*, payout.*, charge.refunded), verified by its signature',
            response: { 200: webhookAnswer, 400: errorResponse, 404: errorResponse, 503: errorResponse },
          },
        },
        async (request) => {
          const provider = ctx.payouts;
          if (!isStripe(provider)) throw notFound('Stripe Connect is not the payout provider here');
          let event;
          try {
            const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
            event = provider.verifyWebhook(body, request.headers['stripe-signature'] as string | undefined);
          } catch (err) {
            if (err instanceof PayoutProviderError && err.code === 'webhooks_disabled') {
              throw new HttpError(503, 'webhooks_disabled', 'STRIPE_CONNECT_WEBHOOK_SECRET is not set');
            }
            throw new HttpError(400, 'invalid_signature', 'The webhook signature is not valid');
          }
          return handlePayoutEvent({ ...ctx, log: request.log }, provider, event);
        },
      );
    });
  };
}
