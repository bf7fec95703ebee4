import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#shared/schemas/common';
import { profileSchema, profileUpdateSchema } from '#shared/schemas/users';
import type { AppContext } from '#server/app-context';
import { authenticated, requireUser } from '#server/auth/guards';
import type { Db } from '#server/db/client';
import { accounts, users } from '#server/db/schema';
import { invalid, notFound } from '#server/domain-errors';
import { uploadedImageExists } from '../uploads/uploads-service';

/** Whether the person signs in with a password (else Google only): account deletion asks for it (ADR 0061). */
async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .limit(1);
  return rows.length > 0;
}

const toProfile = async (db: Db, row: typeof users.$inferSelect) => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  image: row.image,
  joinedAt: row.createdAt.toISOString(),
  hasPassword: await hasPassword(db, row.id),
});

/** The caller's own profile: name and photo (issue 12). The photo comes from POST /api/uploads first. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile',
      {
        preValidation: authenticated,
        schema: {
          tags: ['users'],
          summary: 'Your name, email, photo and when you joined',
          response: { 200: profileSchema, 401: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const [row] = await ctx.db
          .select()
          .from(users)
          .where(eq(users.id, requireUser(request).id));
        if (!row) throw notFound('No such user');
        reply.header('cache-control', 'private, no-store');
        return toProfile(ctx.db, row);
      },
    );

    app.put(
      '/profile',
      {
        preValidation: authenticated,
        schema: {
          tags: ['users'],
          summary: 'Change your name and photo',
          description:
            'The name: 1-100 characters, one line, no web address. The photo: a picture URL POST /api/uploads answered ' +
            '(still stored; 400 unknown_image otherwise), or null to remove it.',
          body: profileUpdateSchema,
          response: { 200: profileSchema, 400: errorResponse, 401: errorResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const me = requireUser(request);
        const { name, image } = request.body;
        if (image !== null && !(await uploadedImageExists(ctx.storage, image))) {
          throw invalid('The photo was not found. Upload it again.', 'unknown_image');
        }
        const [row] = await ctx.db
          .update(users)
          .set({ name, image, updatedAt: ctx.clock.now() })
          .where(eq(users.id, me.id))
          .returning();
        if (!row) throw notFound('No such user');
        return toProfile(ctx.db, row);
      },
    );
  };
}
