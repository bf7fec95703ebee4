import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#shared/schemas/common';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  documentKeyParam,
  uploadQuerySchema,
  uploadResponseSchema,
} from '#shared/schemas/uploads';
import type { AppContext } from '#server/app-context';
import { authenticated, isAdmin, requireUser } from '#server/auth/guards';
import { DomainError, invalid, forbidden, notFound } from '#server/domain-errors';
import { HttpError } from '#server/http/errors';
import { tooManyBytes } from './image-pipeline';
import { takeUploadSlot, uploadLimiter } from './upload-limits';
import { documentOwnerTag, ownerTag, storeAndRecordUpload } from './uploads-service';

const oneImageOnly = () => invalid('Send one picture at a time, in the field "image".');
const notMultipart = () =>
  new HttpError(415, 'unsupported_media_type', 'Send the picture as multipart/form-data in the field "image".');
const missingImage = () => invalid('Choose a picture to upload (field "image").', 'missing_file');

/** Limits for busboy: one file of at most MAX_UPLOAD_BYTES, next to nothing else. */
const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 0,
  parts: 2,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 50,
};

/** Turns the multipart plugin's and busboy's errors into the API's clear ones. */
function multipartError(err: unknown): unknown {
  if (err instanceof HttpError || err instanceof DomainError) return err;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooManyBytes();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return oneImageOnly();
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid('The upload has an unexpected field.');
    default:
      // busboy's own parse errors ("Unexpected end of form", malformed headers) and early closes.
      return invalid('The upload could not be read. Try again.', 'invalid_multipart');
  }
}

/**
 * Reads the one file of the request into memory (at most MAX_UPLOAD_BYTES).
 * The file's name and declared type are ignored: they are the client's word.
 */
async function readOneFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw notMultipart();
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type !== 'file') continue; // fields: 0 — busboy reports them as a limit error
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        throw missingImage();
      }
      file = await part.toBuffer();
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!file) throw missingImage();
  return file;
}

export function uploadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: no other route accepts multipart bodies.
    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    const limiter = ctx.uploadLimiter ?? uploadLimiter(() => ctx.clock.now().getTime());

    app.post(
      '/uploads',
      {
        preValidation: authenticated,
        schema: {
          tags: ['uploads'],
          summary: 'Upload a picture (JPEG, PNG or WebP, at most 8 MB and 40 megapixels) as multipart field "image"',
          description:
            'The picture is re-encoded to WebP without metadata. purpose=image (default): public, stored at 1280, 960 and 640 px, ' +
            'display_url is the 1280 one (replace -1280.webp by -960.webp or -640.webp for the smaller sizes). purpose=document: private, ' +
            'readable only by its owner and admins at display_url.',
          consumes: ['multipart/form-data'],
          querystring: uploadQuerySchema,
          response: {
            200: uploadResponseSchema,
            400: errorResponse,
            401: errorResponse,
            413: errorResponse,
            415: errorResponse,
            429: errorResponse,
            503: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const me = requireUser(request);
        if (!request.isMultipart()) throw notMultipart();
        // Per user: 2 at a time, 20 a minute (upload-limits.ts), checked before the body is read; 503 while they cannot be.
        const slot = await takeUploadSlot(limiter, me.id);
        if (!slot.allowed) {
          return reply
            .status(429)
            .header('retry-after', String(slot.retryAfterSeconds))
            .send({
              error: {
                code: 'too_many_uploads',
                message:
                  slot.reason === 'concurrent'
                    ? 'Wait for your other uploads to finish, then try again.'
                    : `Too many uploads in a minute. Wait ${slot.retryAfterSeconds} second${slot.retryAfterSeconds === 1 ? '' : 's'} and try again.`,
              },
            });
        }
        try {
          const bytes = await readOneFile(request);
          return await storeAndRecordUpload(ctx, bytes, { purpose: request.query.purpose, userId: me.id });
        } finally {
          await slot.release();
        }
      },
    );

    app.get(
      '/documents/:key',
      {
        config: { audit: { action: 'document.read', targetType: 'document', targetParam: 'key' } },
        preValidation: authenticated,
        schema: {
          tags: ['uploads'],
          summary: 'A private document picture; only its owner and admins may read it',
          params: documentKeyParam,
          produces: ['image/webp'],
          response: {
            200: z.any().describe('The picture (image/webp)'),
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const me = requireUser(request);
        const { key } = request.params;
        const owner = documentOwnerTag(key);
        if (!owner) throw notFound('No such document');
        if (owner !== ownerTag(me.id) && !isAdmin(me))
          throw forbidden('Only the owner and admins can see this document');
        const object = await ctx.storage.get(key, 'private');
        if (!object) throw notFound('No such document');
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .header('content-length', object.size)
          .type(object.contentType)
          .send(object.body);
      },
    );
  };
}
