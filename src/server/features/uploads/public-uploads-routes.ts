import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import { notFound } from '#server/domain-errors';
import { ensureDerivedImage } from './derived-images';
import { contentTypeOf, isSafeKey, type ObjectInfo, type StoredObject } from '#server/providers/storage/storage';

/** Public names are random (uploads) or carry a hash of their bytes (demo pictures) and are never reused. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Does the request's If-None-Match name this ETag (weak comparison, as RFC 9110 says for GET)? */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/** The headers every answer about an existing picture carries (200, HEAD, 304). */
function cacheable(reply: FastifyReply, info: ObjectInfo): FastifyReply {
  return reply
    .header('cache-control', IMMUTABLE)
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString());
}

/**
 * GET/HEAD /uploads/<key>: public pictures, streamed from whichever storage the app was given
 * (disk or an S3 bucket, ADR 0012), cached for a year, with ETag and Last-Modified for revalidation.
 * Private objects are never reachable here: only the `public` side of storage is read.
 */
export function publicUploadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/uploads/:key',
      // Its own HEAD: Fastify's automatic one would read the whole object and answer Content-Length 0.
      exposeHeadRoute: false,
      schema: { hide: true, params: z.object({ key: z.string() }) },
      handler: async (request, reply) => {
        const { key } = request.params;
        if (!isSafeKey(key)) throw notFound('No such picture');
        const conditional = request.headers['if-none-match'];
        const isHead = request.method === 'HEAD';
        // A revalidation or a HEAD needs the metadata only; the bytes are read just for an answer that carries them.
        let object: StoredObject | null = null;
        const read = async (): Promise<ObjectInfo | null> => {
          if (conditional || isHead) return ctx.storage.head(key, 'public');
          return (object = await ctx.storage.get(key, 'public'));
        };
        let info = await read();
        // A rendition (960 px, share crop) of a picture stored before it existed is made on its first request.
        if (!info && (await ensureDerivedImage(ctx.storage, key))) info = await read();
        if (!info) throw notFound('No such picture');
        if (matches(conditional, info.etag)) return cacheable(reply, info).status(304).send();
        // HEAD: the headers of the GET, no body.
        if (isHead) return cacheable(reply, info).type(contentTypeOf(key)).header('content-length', info.size).send();
        // Gone between the HEAD and the GET (deleted meanwhile): a plain 404, without the year-long cache.
        object ??= await ctx.storage.get(key, 'public');
        if (!object) throw notFound('No such picture');
        return cacheable(reply, object)
          .type(contentTypeOf(key))
          .header('content-length', object.size)
          .send(object.body);
      },
    });
  };
}
