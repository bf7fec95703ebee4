/**
 * The sandbox's onboarding page (like the sandbox checkout): what Stripe's hosted onboarding is
 * for a live marketplace, served by StayHub itself so payouts work with no network. The link's
 * secret (from POST /api/host/payouts/account) is the key, as an Account Link's is; it ends when
 * the form is sent or after 30 minutes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#shared/schemas/common';
import type { AppContext } from '#server/app-context';
import { notFound } from '#server/domain-errors';
import { HttpError } from '#server/http/errors';
import { SANDBOX_FAILING_ACCOUNT_NUMBER, type SandboxPayouts } from '#server/providers/payouts/sandbox-payouts';
import { completeSandboxOnboarding } from './payouts-accounts';

const tokenParam = z.object({ token: z.string().min(10).max(100) }).strict();
const onboardingForm = z
  .object({
    holderName: z.string().trim().min(1).max(100),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{4,17}$/, 'Account number: 4 to 17 digits'),
  })
  .strict();

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(holderName: string | null) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payout account (test mode) - StayHub</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">
<main>
<h1>Connect your payout account</h1>
<p><strong>Test mode.</strong> No real bank account is used: StayHub's sandbox plays the payout provider.
Use account number 000123456789 (payouts succeed) or ${SANDBOX_FAILING_ACCOUNT_NUMBER} (transfers fail).
A holder name containing "restrict" leaves the account restricted.</p>
<form method="post">
<p><label for="holderName">Account holder name</label><br>
<input id="holderName" name="holderName" required maxlength="100" autocomplete="name" value="${escape(holderName ?? '')}"></p>
<p><label for="accountNumber">Account number</label><br>
<input id="accountNumber" name="accountNumber" required inputmode="numeric" pattern="[0-9]{4,17}" value="000123456789"></p>
<p><button type="submit">Save and return to StayHub</button></p>
</form>
</main></body></html>`;
}

export function sandboxOnboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const sandbox = (): SandboxPayouts => {
    if (ctx.payouts.name !== 'sandbox') throw notFound('The sandbox is not the payout provider here');
    return ctx.payouts as SandboxPayouts;
  };
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/payouts/sandbox/onboarding/:token',
      {
        schema: {
          tags: ['payouts'],
          summary: "The sandbox's onboarding page (test mode): a form for a test account; the link's secret is the key",
          params: tokenParam,
          response: { 200: z.string().describe('text/html'), 404: errorResponse },
        },
      },
      async (request, reply) => {
        const found = await sandbox().findOnboarding(request.params.token);
        if (!found) throw notFound('This onboarding link has expired: start again from Payouts');
        return (
          reply
            .header('cache-control', 'no-store')
            // Not no-referrer: under it a browser posts the form with `Origin: null`, which the
            // origin check refuses; same-origin still keeps the link's secret from other sites.
            .header('referrer-policy', 'same-origin')
            .type('text/html; charset=utf-8')
            .send(page(found.holderName))
        );
      },
    );

    app.post(
      '/payouts/sandbox/onboarding/:token',
      {
        schema: {
          tags: ['payouts'],
          summary: 'The sandbox onboarding form sent: saves the test account and sends the host back to Payouts',
          params: tokenParam,
          body: onboardingForm,
          response: { 303: z.null(), 400: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const done = await completeSandboxOnboarding(ctx, sandbox(), request.params.token, request.body);
        if (!done) throw new HttpError(404, 'not_found', 'This onboarding link has expired: start again from Payouts');
        return reply.redirect(`${ctx.publicUrl}/dashboard/payouts?onboarding=done`, 303);
      },
    );
  };
}
