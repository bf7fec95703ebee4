import { z } from 'zod';
import { DOCUMENT_KEY } from './uploads';

export const ROLES = ['requested', 'host', 'admin'] as const;
export const roleSchema = z.enum(ROLES).nullable().describe('null = no role (a guest)');
export type Role = z.infer<typeof roleSchema>;

/** A user as GET /api/user/:email and GET /api/users answer it. */
export const userSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    role: roleSchema,
    location: z.string().nullable(),
    /** URL of the private document image (only its owner and admins can open it), or null. */
    docImage: z.string().nullable(),
    image: z.string().nullable(),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

/** The :email path parameter (matched case-insensitively). */
export const emailParam = z.object({ email: z.string().email().max(254) }).strict();

/**
 * The private identity document of a host request: the URL the document upload
 * endpoint answers (`/api/documents/<key>`), served only to its owner and admins.
 */
export const DOCUMENT_URL_PATTERN = new RegExp(`^/api/documents/${DOCUMENT_KEY.source.replace(/^\^/, '')}`);
export const documentUrlSchema = z
  .string()
  .min(1, 'Upload your image')
  .max(250)
  .regex(DOCUMENT_URL_PATTERN, 'Upload your image: expected a private document URL (/api/documents/<key>)');

/** The three uses of PUT /api/user/:email, told apart by their fields. */
export const tokenRequestSchema = z.object({ email: z.string().email().max(254) }).strict();
export const hostRequestSchema = z
  .object({
    email: z.string().email().max(254),
    location: z.string().trim().min(1, 'Your location is required').max(120),
    docImage: documentUrlSchema,
    role: z.literal('requested'),
  })
  .strict();
/** Approval (role host) or decline (role null): the spec sends the user's own fields back (_id removed); only role matters. */
export const approvalRequestSchema = z
  .object({
    role: z.enum(['host']).or(z.null()),
    email: z.string().email().max(254).optional(),
    name: z.string().optional(),
    location: z.string().nullable().optional(),
    docImage: z.string().nullable().optional(),
    image: z.string().nullable().optional(),
    emailVerified: z.boolean().optional(),
  })
  .strict();
/**
 * What the route accepts before it tells the three uses apart: every known
 * field, unknown fields refused (400). The route then answers 403 for a use
 * the caller may not make (role admin, another user's record, approval by a
 * non-admin, a transition from the wrong role) and 400 for a wrong shape.
 */
export const putUserBodySchema = z
  .object({
    email: z.string().email().max(254).optional(),
    role: z.enum(ROLES).nullable().optional(),
    location: z.string().max(120).nullable().optional(),
    docImage: z.string().max(500).nullable().optional(),
    name: z.string().max(200).optional(),
    image: z.string().max(2000).nullable().optional(),
    emailVerified: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'PutUserBody' });
export type PutUserBody = z.infer<typeof putUserBodySchema>;

export const putUserResponseSchema = z.object({
  acknowledged: z.boolean(),
  modifiedCount: z.number().int(),
  upsertedCount: z.number().int(),
  token: z.string().optional(),
});
export type PutUserResponse = z.infer<typeof putUserResponseSchema>;
