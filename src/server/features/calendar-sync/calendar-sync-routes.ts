/**
 * iCal calendar sync (issue 11): the public secret feed GET /api/calendar/:token.ics, the
 * host's feed URL and its rotation, and the imported feeds of a home (list, add, delete, sync).
 * Everything under /api/home/:id/ is for the home's host or an admin.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedSchema,
  calendarImportListSchema,
  calendarImportParams,
  calendarImportSchema,
  createCalendarImportSchema,
  feedTokenParams,
} from '#shared/schemas/calendar-sync';
import { acknowledgedDelete, errorResponse, idParam } from '#shared/schemas/common';
import type { AppContext } from '#server/app-context';
import { isAdmin, requireUser, withRole } from '#server/auth/guards';
import { forbidden, notFound } from '#server/domain-errors';
import { perUserLimit } from '#server/http/rate-limits';
import { findHome } from '../homes/homes-service';
import { feedFor, feedPath, feedTokenOf, rotateFeedToken } from './feed-export';
import {
  createImport,
  deleteImport,
  findImport,
  listImports,
  oneImport,
  syncImport,
  SYNC_NOW_LIMIT,
  tooManySyncs,
} from './imports-service';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** What both halves of the calendar routes use: the sync's deps, the host check and the feed's answer. */
function calendarAccess(ctx: AppContext) {
  const fetchPolicy = ctx.calendarFetch ?? { allowPrivate: false };
  const syncDeps = { db: ctx.db, clock: ctx.clock, fetchPolicy, log: ctx.log };

  /** The home, when the caller is its host or an admin: 404 for no such home, 403 for someone else's. */
  async function ownHome(request: FastifyRequest, id: string) {
    const me = requireUser(request);
    const home = await findHome(ctx.db, id);
    if (!home) throw notFound('No home with this id');
    if (home.hostId !== me.id && !isAdmin(me)) throw forbidden("Only the home's host can manage its calendar");
    return home;
  }
  const feedAnswer = (f: { token: string; rotatedAt: Date | null }) => ({
    url: `${ctx.publicUrl}${feedPath(f.token)}`,
    rotatedAt: f.rotatedAt?.toISOString() ?? null,
  });
  return { syncDeps, ownHome, feedAnswer };
}

type CalendarAccess = ReturnType<typeof calendarAccess>;

export function calendarSyncRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const access = calendarAccess(ctx);
  return async (app) => {
    feedRoutes(app, ctx, access);
    importRoutes(app, ctx, access);
  };
}

/** The home's calendar feed: the public .ics and its link for the host. */
function feedRoutes(app: RouteApp, ctx: AppContext, { ownHome, feedAnswer }: CalendarAccess) {
  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: "A home's calendar as iCal (RFC 5545): one all-day event per booked or blocked range, no guest data",
        description: 'The token is the secret in the URL the host copied; an unknown or rotated token answers 404.',
        params: feedTokenParams,
        response: { 200: z.string().describe('text/calendar'), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const body = await feedFor(ctx.db, request.params.token, ctx.clock.now());
      if (body === null) throw notFound('No calendar at this address');
      // The URL is the secret: never kept by shared caches, never sent on as a referrer.
      reply.header('cache-control', 'private, no-cache').header('referrer-policy', 'no-referrer');
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );

  app.get(
    '/home/:id/calendar-feed',
    {
      preValidation: withRole('host', 'admin'),
      schema: {
        tags: ['calendar'],
        summary: "The home's secret iCal feed URL (made on first use)",
        params: idParam,
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const home = await ownHome(request, request.params.id);
      reply.header('cache-control', 'private, no-store');
      return feedAnswer(await feedTokenOf(ctx.db, home.id));
    },
  );

  app.post(
    '/home/:id/calendar-feed/rotate',
    {
      config: { audit: { action: 'home.calendar_feed_rotate', targetType: 'home', targetParam: 'id' } },
      preValidation: withRole('host', 'admin'),
      schema: {
        tags: ['calendar'],
        summary: 'A new secret feed URL; the old one answers 404 from now on',
        params: idParam,
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    async (request) => {
      const home = await ownHome(request, request.params.id);
      return feedAnswer(await rotateFeedToken(ctx.db, home.id, ctx.clock.now()));
    },
  );
}

/** Calendars a host imports from other sites: list, add, remove, sync now. */
function importRoutes(app: RouteApp, ctx: AppContext, { syncDeps, ownHome }: CalendarAccess) {
  // "Sync now": SYNC_NOW_LIMIT per home, counted per caller so nobody else can use up a host's budget.
  const syncNowLimit = perUserLimit(app, {
    name: 'calendar-sync',
    max: SYNC_NOW_LIMIT.max,
    windowSeconds: SYNC_NOW_LIMIT.window,
    scope: (request) => (request.params as { id?: string }).id ?? '',
    refuse: tooManySyncs,
  });
  app.get(
    '/home/:id/calendar-imports',
    {
      preValidation: withRole('host', 'admin'),
      schema: {
        tags: ['calendar'],
        summary: 'The calendars imported into this home, with last sync, last error and conflicts with bookings',
        params: idParam,
        response: { 200: calendarImportListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const home = await ownHome(request, request.params.id);
      reply.header('cache-control', 'private, no-store');
      return { imports: await listImports(ctx.db, home.id, ctx.clock.now()) };
    },
  );

  app.post(
    '/home/:id/calendar-imports',
    {
      config: { audit: { action: 'home.calendar_import_add', targetType: 'home', targetParam: 'id' } },
      preValidation: withRole('host', 'admin'),
      schema: {
        tags: ['calendar'],
        summary: 'Import an external iCal feed (Airbnb, Booking.com, Google ...) into this home',
        description:
          'Stores it; the background worker fetches it (every CALENDAR_SYNC_INTERVAL_MS) and ' +
          '`POST .../sync` fetches it now. 409 already_imported, 409 too_many_imports (10 per home).',
        params: idParam,
        body: createCalendarImportSchema,
        response: { 201: calendarImportSchema, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const home = await ownHome(request, request.params.id);
      const row = await createImport(ctx.db, home.id, request.body);
      return reply.status(201).send(await oneImport(ctx.db, row, ctx.clock.now()));
    },
  );

  app.delete(
    '/home/:id/calendar-imports/:importId',
    {
      config: { audit: { action: 'home.calendar_import_remove', targetType: 'home', targetParam: 'id' } },
      preValidation: withRole('host', 'admin'),
      schema: {
        tags: ['calendar'],
        summary: 'Stop importing this feed; the nights it blocked are free again',
        params: calendarImportParams,
        response: { 200: acknowledgedDelete, ...errors },
      },
    },
    async (request) => {
      const home = await ownHome(request, request.params.id);
      await deleteImport(ctx.db, home.id, request.params.importId);
      return { acknowledged: true, deletedCount: 1 };
    },
  );

  app.post(
    '/home/:id/calendar-imports/:importId/sync',
    {
      config: { audit: { action: 'home.calendar_import_sync', targetType: 'home', targetParam: 'id' } },
      preValidation: withRole('host', 'admin'),
      // Counted per caller and home by @fastify/rate-limit (shared through Redis when REDIS_URL is set).
      preHandler: syncNowLimit,
      schema: {
        tags: ['calendar'],
        summary: 'Fetch this feed now and replace its blocks',
        description:
          'Answers the import after the sync. A feed that could not be fetched or read keeps its blocks and ' +
          'says why in `lastErrorCode` / `lastError` (e.g. address_not_allowed, timeout, too_large, http_error, ' +
          'not_a_calendar, too_complex, parse_timeout). ' +
          `429 too_many_syncs after ${SYNC_NOW_LIMIT.max} syncs of one home's calendars in ${SYNC_NOW_LIMIT.window / 60} minutes.`,
        params: calendarImportParams,
        response: { 200: calendarImportSchema, ...errors, 429: errorResponse },
      },
    },
    async (request) => {
      const home = await ownHome(request, request.params.id);
      const row = await findImport(ctx.db, home.id, request.params.importId);
      if (!row) throw notFound('No calendar import with this id');
      const after = await syncImport(syncDeps, row);
      return oneImport(ctx.db, after, ctx.clock.now());
    },
  );
}
