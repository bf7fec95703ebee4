import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '#shared/schemas/common';
import {
  createReviewSchema,
  guestProfileSchema,
  homeReviewsSchema,
  ownReviewSchema,
  publicReviewSchema,
  replySchema,
  reviewStayListSchema,
  reviewStaySchema,
  reviewsQuerySchema,
} from '#shared/schemas/reviews';
import type { AppContext } from '#server/app-context';
import { authenticated, requireUser } from '#server/auth/guards';
import { forbidden } from '#server/domain-errors';
import { guestProfile, homeReviews, mayReadGuestProfile, reviewStay, reviewStays } from './reviews-read';
import { replyToReview, writeReview } from './reviews-write';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Two-sided, double-blind reviews of confirmed stays (ADR 0018). */
export function reviewsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    reviewWritingRoutes(app, ctx);
    reviewReadingRoutes(app, ctx);
  };
}

/** A guest's review of a stay: writing it, reading it back, the stays left to review. */
function reviewWritingRoutes(app: RouteApp, ctx: AppContext) {
  app.post(
    '/bookings/:id/review',
    {
      preValidation: authenticated,
      schema: {
        tags: ['reviews'],
        summary: "Review a stay: its guest reviews the home, its home's host reviews the guest",
        description:
          'From the check-out date (00:00 UTC) for 14 days, confirmed stays only (403 review_not_open, ' +
          'review_window_closed, not_reviewable). The guest sends overall and cleanliness, accuracy, location, value ' +
          '(1-5); the host sends overall only. 409 review_exists on a second review. Hidden from the other side ' +
          'until both have written or the 14 days end; anyone but the two parties gets 404.',
        params: idParam,
        body: createReviewSchema,
        response: { 201: ownReviewSchema, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const review = await writeReview(ctx, requireUser(request), request.params.id, request.body);
      return reply.status(201).send(review);
    },
  );

  app.get(
    '/bookings/:id/review',
    {
      preValidation: authenticated,
      schema: {
        tags: ['reviews'],
        summary: "Where a stay's reviews stand for the caller (its guest or host): the window, theirs and mine",
        params: idParam,
        response: { 200: reviewStaySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reviewStay(ctx, requireUser(request), request.params.id);
    },
  );

  app.get(
    '/reviews/stays',
    {
      preValidation: authenticated,
      schema: {
        tags: ['reviews'],
        summary: "The caller's stays (as guest or host) whose 14-day review window is open",
        response: { 200: reviewStayListSchema, 401: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return reviewStays(ctx, requireUser(request));
    },
  );
}

/** A home's reviews, the host's reply, a guest's public profile. */
function reviewReadingRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    '/home/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A home's published reviews, newest first, 10 a page, with the average, count and category averages",
        params: idParam,
        querystring: reviewsQuerySchema,
        response: { 200: homeReviewsSchema, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return homeReviews(ctx, request.params.id, request.query.cursor);
    },
  );

  app.post(
    '/reviews/:id/reply',
    {
      preValidation: authenticated,
      schema: {
        tags: ['reviews'],
        summary: "The home's host answers a published review of it, once (409 reply_exists after)",
        params: idParam,
        body: replySchema,
        response: { 201: publicReviewSchema, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const review = await replyToReview(ctx, requireUser(request), request.params.id, request.body.text);
      return reply.status(201).send(review);
    },
  );

  app.get(
    '/guests/:id',
    {
      preValidation: authenticated,
      schema: {
        tags: ['reviews'],
        summary: "A guest's profile with the reviews hosts wrote about them",
        description:
          'For the hosts of homes the guest has an upcoming or current stay at, the guest themselves and admins; ' +
          'anyone else gets 403 (whether or not the guest exists).',
        params: z.object({ id: z.string().min(1).max(100) }).strict(),
        response: { 200: guestProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      if (!(await mayReadGuestProfile(ctx, me, request.params.id))) {
        throw forbidden("Only the hosts of this guest's upcoming stays can see their profile");
      }
      reply.header('cache-control', 'private, no-store');
      return guestProfile(ctx, request.params.id);
    },
  );
}
