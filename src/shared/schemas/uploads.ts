import { z } from 'zod';

/**
 * The upload contract (POST /api/uploads), shared by the forms and the server.
 *
 * The answer keeps the spec's image-hosting shape (`data.display_url`) and adds
 * the stored picture's size. Public pictures are stored in three widths:
 * `/uploads/<key>-1280.webp` (detail page, the URL answered), `-960.webp` and
 * `-640.webp` (cards; see `cardImage` and `responsiveImage` in src/shared/images.ts).
 * Documents (purpose=document) are private and answered as `/api/documents/<key>`.
 */

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** What the picker accepts (the server decides by the file's bytes, not by this). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_FIELD = 'image';

/** A picture produced by POST /api/uploads (32 hex characters of randomness, detail size). */
export const UPLOADED_IMAGE_URL = /^\/uploads\/[0-9a-f]{32}-1280\.webp$/;
/** A private document produced by POST /api/uploads?purpose=document. */
export const DOCUMENT_KEY = /^doc-[0-9a-f]{32}-[0-9a-f]{32}\.webp$/;

export const uploadPurposeSchema = z.enum(['image', 'document']);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

export const uploadQuerySchema = z
  .object({
    purpose: uploadPurposeSchema
      .default('image')
      .describe('image: public, two sizes; document: private, owner and admins only'),
  })
  .strict();

export const uploadResponseSchema = z
  .object({
    data: z.object({
      display_url: z.string().describe('/uploads/<key>-1280.webp, or /api/documents/<key> for a document'),
    }),
    width: z.number().int().describe('Width of the stored (display) picture'),
    height: z.number().int().describe('Height of the stored (display) picture'),
  })
  .meta({ id: 'UploadResult' });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const documentKeyParam = z.object({ key: z.string().min(1).max(200) }).strict();
