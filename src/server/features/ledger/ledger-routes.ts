/**
 * The operator's books (issue 28): the ledger's lines (JSON and CSV) and a period's figures. Admins
 * only: they name hosts' earnings and the marketplace's.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#shared/schemas/common';
import {
  financeQuerySchema,
  financeResponseSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
} from '#shared/schemas/ledger';
import type { AppContext } from '#server/app-context';
import { requireRole, withRole } from '#server/auth/guards';
import { ledgerSettingsOf } from './ledger-bookings';
import { financeFigures, ledgerCsv, listLedger, periodOf } from './ledger-queries';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
/** The CSV export's row limit: a year of a busy marketplace; a longer period is asked for in parts. */
const CSV_MAX = 200_000;

export function ledgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/ledger',
      {
        preValidation: withRole('admin'),
        schema: {
          tags: ['admin', 'ledger'],
          summary: "The ledger's entries for a period and/or a booking, oldest first",
          description:
            'Signed cents: debits positive, credits negative; the entries of one transaction sum to 0. ' +
            '`from` inclusive, `to` exclusive (a date is its start, UTC). At most 5000 entries (`truncated`).',
          querystring: ledgerQuerySchema,
          response: { 200: ledgerResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        requireRole(request, 'admin');
        reply.header('cache-control', 'private, no-store');
        return listLedger(ctx.db, request.query);
      },
    );

    app.get(
      '/admin/ledger.csv',
      {
        config: { audit: { action: 'ledger.export', targetType: 'ledger' } },
        preValidation: withRole('admin'),
        schema: {
          tags: ['admin', 'ledger'],
          summary: "The ledger's entries as CSV, for the accountant",
          description:
            'Columns: at, transactionId, kind, account, hostId, bookingId, payoutId, amountCents (signed), currency. ' +
            'Same filters as GET /api/admin/ledger; header `x-ledger-truncated: true` when the period held more than ' +
            `${CSV_MAX} entries.`,
          querystring: ledgerQuerySchema,
          response: { 200: z.string().describe('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        requireRole(request, 'admin');
        const { entries, truncated } = await listLedger(ctx.db, request.query, CSV_MAX);
        const name = `ledger-${request.query.from ?? 'start'}-${request.query.to ?? 'now'}`.replace(/[^\w.-]/g, '_');
        reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${name}.csv"`);
        if (truncated) reply.header('x-ledger-truncated', 'true');
        return reply.type('text/csv; charset=utf-8').send(ledgerCsv(entries));
      },
    );

    app.get(
      '/admin/finance',
      {
        preValidation: withRole('admin'),
        schema: {
          tags: ['admin', 'ledger'],
          summary: "A period's figures: gross bookings, fees, taxes, refunds, payouts, money held",
          description:
            'Movements within [from, to) and balances at `to`, read from the ledger. Default: this month (UTC). ' +
            'All amounts in cents of CURRENCY.',
          querystring: financeQuerySchema,
          response: { 200: financeResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        requireRole(request, 'admin');
        reply.header('cache-control', 'private, no-store');
        const period = periodOf(request.query, ctx.clock.now());
        return financeFigures(ctx.db, period, ledgerSettingsOf(ctx).currency);
      },
    );
  };
}
