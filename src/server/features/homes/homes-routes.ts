import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgedDelete,
  acknowledgedInsert,
  acknowledgedUpdate,
  errorResponse,
  idParam,
} from '#shared/schemas/common';
import {
  createHomeSchema,
  homeImages,
  homeListSchema,
  homeSchema,
  homesQuerySchema,
  updateHomeSchema,
  type Home,
} from '#shared/schemas/homes';
import { authenticated, isAdmin, requireSelfOrAdmin, requireUser, sameEmail, withRole } from '#server/auth/guards';
import { invalid, conflict, forbidden, notFound } from '#server/domain-errors';
import { jsonText } from '#server/http/serializers';
import type { AppContext } from '#server/app-context';
import { uploadedImageExists } from '../uploads/uploads-service';
import { earliestCheckIn } from '#shared/time-zones';
import { SEARCH_MATCH_HEADER } from '#shared/place-match';
import { findHome, findHomeView, homeWithHostJson } from './homes-service';
import { createHome, deleteHome, deletedHomeOwner } from './home-create-delete';
import { listHostHomes, searchPublicHomes } from './homes-search';
import { updateHome } from './homes-update';
import { maySeeExactPoint } from '../geo/exact-point-access';
import { OPTIONAL_SESSION } from '../../http/openapi';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A window whose last check-out day is before the earliest check-in of a search has no night anyone
 * could book, even a guest west of UTC who is still on yesterday's date: the home would be listed
 * and never bookable.
 */
function refuseWindowInPast(to: string, now: Date): void {
  if (to <= earliestCheckIn(now)) {
    throw invalid(
      `The available-to date (${to}) is in the past: the home could never be booked. Choose a later date.`,
      'window_in_past',
    );
  }
}

export function homesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    homeReads(app, ctx);
    hostHomeWrites(app, ctx);
    homeRemoval(app, ctx);
  };
}

/** Public reads: the home list and one home. */
function homeReads(app: RouteApp, ctx: AppContext) {
  app.get(
    '/homes',
    {
      schema: {
        tags: ['homes'],
        summary:
          'Homes, newest first or in the asked sort, paged; filter by place, free dates, guests, price range and bedrooms, or by host (email: that host or an admin)',
        description:
          'A place search (`location`) answers what the text matched in the `Search-Match` header: percent-encoded ' +
          'JSON `{ query, place, kind }` (PlaceMatch), kind `exact` | `prefix` | `partial` | `close` | `none`. A ' +
          'close spelling is searched only when no place contains the text, and then only the closest place.',
        querystring: homesQuerySchema,
        // Anyone may list homes; the host filter needs a session.
        security: OPTIONAL_SESSION,
        response: {
          200: homeListSchema.describe('One page; the next page URL is in the Link header (rel="next")'),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      // A host's own list (manage-home) is theirs and the admins' only.
      const { email } = query;
      if (email !== undefined) requireSelfOrAdmin(request, email);
      const page =
        email === undefined ? await searchPublicHomes(ctx, query) : await listHostHomes(ctx, { ...query, email });
      if (page.next) reply.header('link', `<${page.next}>; rel="next"`);
      // What the place text matched (ADR 0036), beside the spec's array rather than inside it.
      if (page.match) reply.header(SEARCH_MATCH_HEADER, encodeURIComponent(JSON.stringify(page.match)));
      return jsonText<Home[]>(page.json);
    },
  );

  app.get(
    '/home/:id',
    {
      schema: {
        tags: ['homes'],
        summary:
          'One home, with the host email under both hostEmail and email, and the host (name, photo, joined, reviews)',
        description:
          '`point` is approximate (moved 200–500 m by a fixed per-home offset); `exactPoint` is added for the ' +
          "home's host, an admin, and a guest with a confirmed (or completed) booking of it.",
        params: idParam,
        // Anyone may read a home; a session may add its exact point.
        security: OPTIONAL_SESSION,
        response: { 200: homeSchema, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const found = await findHomeView(ctx.db, request.params.id, ctx.clock.now());
      const viewer = request.identity;
      const owns = found?.hostId != null && found.hostId === viewer?.id;
      // Unlisted by moderation (ADR 0060): 404 as a deleted home, but to its host and admins, who see why.
      if (!found || (found.unlisted && !owns && !isAdmin(viewer))) throw notFound('No home with this id');
      const home = { id: request.params.id, hostId: found.hostId };
      if (!found.unlisted && !(await maySeeExactPoint(ctx.db, home, viewer))) {
        return jsonText<Home>(homeWithHostJson(found.json, found.host));
      }
      // The exact point (and an unlisting's reason) is this viewer's alone: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      return jsonText<Home>(homeWithHostJson(found.json, found.host, found.exactPoint, found.unlisted));
    },
  );
}

/** A host's writes: create and edit a home. */
function hostHomeWrites(app: RouteApp, ctx: AppContext) {
  app.post(
    '/homes',
    {
      preValidation: withRole('host'),
      schema: {
        tags: ['homes'],
        summary: 'Add a home (hosts); the signed-in host is its owner',
        body: createHomeSchema,
        response: { 200: acknowledgedInsert, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const host = requireUser(request);
      const input = request.body;
      if (input.hostEmail !== undefined && !sameEmail(input.hostEmail, host.email)) {
        throw forbidden('hostEmail must be your own email');
      }
      refuseWindowInPast(input.to, ctx.clock.now());
      const images = homeImages(input);
      const found = await Promise.all(images.map((url) => uploadedImageExists(ctx.storage, url)));
      if (found.includes(false)) throw invalid('A picture was not found. Upload it again.', 'unknown_image');
      const insertedId = await createHome(ctx.db, { id: host.id, email: host.email }, input, images);
      return { acknowledged: true, insertedId };
    },
  );

  app.put(
    '/home/:id',
    {
      preValidation: authenticated,
      schema: {
        tags: ['homes'],
        summary: 'Edit a home (its owner); modifiedCount is 0 when nothing changed',
        description:
          'Beyond the spec (D41): `from`/`to` (409 window_strands_booking, naming the booking, when an upcoming ' +
          'stay would fall outside), `images` (all pictures in order) and the stay settings.',
        params: idParam,
        body: updateHomeSchema,
        response: {
          200: acknowledgedUpdate,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const row = await findHome(ctx.db, request.params.id);
      if (!row) throw notFound('No home with this id');
      if (row.hostId !== me.id) throw forbidden('Only the host of this home can edit it');
      if (request.body.to !== undefined) refuseWindowInPast(request.body.to, ctx.clock.now());
      // Pictures already on the home stay as they are; a new one must have been uploaded.
      const added = (request.body.images ?? []).filter((url) => !row.images.includes(url));
      const found = await Promise.all(added.map((url) => uploadedImageExists(ctx.storage, url)));
      if (found.includes(false)) throw invalid('A picture was not found. Upload it again.', 'unknown_image');
      const modifiedCount = await updateHome(ctx.db, row.id, request.body, ctx.clock.now());
      return { acknowledged: true, modifiedCount };
    },
  );
}

/** A host deletes a home (an admin any home). */
function homeRemoval(app: RouteApp, ctx: AppContext) {
  app.delete(
    '/homes/:id',
    {
      config: { audit: { action: 'home.delete', targetType: 'home', targetParam: 'id' } },
      preValidation: authenticated,
      schema: {
        tags: ['homes'],
        summary: 'Delete a home (its owner or an admin); refused while it has upcoming bookings',
        description:
          'A repeat by the owner or an admin answers `{acknowledged: true, deletedCount: 0}`; anyone else gets 404 for a ' +
          'deleted home, as for an id that never existed (403 only while the home exists: homes are public).',
        params: idParam,
        response: {
          200: acknowledgedDelete,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      // Deleted already: its owner or an admin is told so (deletedCount 0); anyone else gets 404, as for an unknown id.
      const alreadyGone = async () => {
        const owner = await deletedHomeOwner(ctx.db, request.params.id);
        if (owner && (owner.hostId === me.id || sameEmail(owner.hostEmail, me.email) || isAdmin(me))) {
          return { acknowledged: true, deletedCount: 0 };
        }
        throw notFound('No home with this id');
      };
      const row = await findHome(ctx.db, request.params.id);
      if (!row) return alreadyGone();
      if (row.hostId !== me.id && !isAdmin(me)) throw forbidden('Only the host of this home can delete it');
      const result = await deleteHome(ctx.db, row.id, ctx.clock.now());
      if (result === 'booked') {
        throw conflict(
          'This home has upcoming bookings and cannot be deleted. Cancel them first, or wait until they are over.',
          'home_booked',
        );
      }
      if (result === 'missing') return alreadyGone();
      return { acknowledged: true, deletedCount: 1 };
    },
  );
}
