import { z } from 'zod';
import { NOT_SINGLE_LINE, plainText, singleLineText } from './text';
import { DOCUMENT_KEY, UPLOADED_IMAGE_URL } from './uploads';

export const ROLES = ['requested', 'host', 'admin'] as const;
/** An account's email address (RFC 5321 caps it at 254 characters). */
export const EMAIL_MAX_LENGTH = 254;
export const emailSchema = z
  .email('Enter a valid email address, like name@example.com')
  .max(EMAIL_MAX_LENGTH, 'That email address is too long');

/** A new password (sign-up and reset); the server's Better Auth config reads the same limits. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * A user's display name is shown on the site and copied into mails ("Hello <name>,"):
 * 1..100 characters, one line, no link (`://`), so it cannot carry a phishing URL or extra mail lines.
 * The value is trimmed.
 */
export const NAME_MAX_LENGTH = 100;
/** Line breaks and other control characters (CR, LF, TAB, NEL), U+2028/2029 and bidi overrides/isolates. */
export const NAME_CONTROL_CHARACTERS = NOT_SINGLE_LINE;
export const nameSchema = singleLineText({
  required: 'Enter your name',
  max: NAME_MAX_LENGTH,
  tooLong: `The name must be at most ${NAME_MAX_LENGTH} characters long.`,
  notOneLine: 'The name must be a single line of text',
  noWebAddress: 'The name must not contain a web address',
});

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
    suspended: z
      .boolean()
      .optional()
      .describe('An admin suspended the account (issue 30): no sign-in, homes unlisted, until lifted'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

/** The :email path parameter (matched case-insensitively). */
export const emailParam = z.object({ email: emailSchema }).strict();

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

/** The uses of PUT /api/user/:email, told apart by their fields (a token request is `{email}` alone). */
export const hostRequestSchema = z
  .object({
    email: emailSchema,
    location: singleLineText({
      required: 'Your location is required',
      max: 120,
      tooLong: 'Your location can be at most 120 characters',
      notOneLine: 'Your location must be a single line of plain text',
      noWebAddress: 'Your location must not contain a web address',
    }),
    docImage: documentUrlSchema,
    role: z.literal('requested'),
  })
  .strict();
/** The admin's optional word to the user, copied into the approval or decline mail (StayHub's addition, D30). */
export const DECISION_REASON_MAX = 500;
export const decisionReasonSchema = plainText({
  max: DECISION_REASON_MAX,
  tooLong: `The reason can be at most ${DECISION_REASON_MAX} characters`,
  notPlain: 'The reason must be plain text: no control characters, separators or direction controls',
}).describe("The admin's reason, sent to the user in the approval or decline mail (optional)");

/** Approval (role host) or decline (role null): the spec sends the user's own fields back (_id removed); only role matters. */
export const approvalRequestSchema = z
  .object({
    role: z.enum(['host']).or(z.null()),
    reason: decisionReasonSchema.optional(),
    email: emailSchema.optional(),
    name: z.string().optional(),
    location: z.string().nullable().optional(),
    docImage: z.string().nullable().optional(),
    image: z.string().nullable().optional(),
    emailVerified: z.boolean().optional(),
    // Read-only, echoed back with the user's other fields; a suspension changes only through its own routes.
    suspended: z.boolean().optional(),
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
    email: emailSchema.optional(),
    role: z.enum(ROLES).nullable().optional(),
    location: z.string().max(120).nullable().optional(),
    docImage: z.string().max(500).nullable().optional(),
    name: z.string().max(200).optional(),
    image: z.string().max(2000).nullable().optional(),
    emailVerified: z.boolean().optional(),
    suspended: z
      .boolean()
      .optional()
      .describe('Read-only: ignored (the user record is sent back as read); suspensions have their own routes'),
    reason: z
      .string()
      .max(2000)
      .optional()
      .describe("Approval or decline only: the admin's reason, mailed to the user"),
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

/** PUT /api/profile: the caller's own name and photo (a picture from POST /api/uploads, or null to remove it). */
export const profileUpdateSchema = z
  .object({
    name: nameSchema,
    image: z
      .string()
      .regex(
        UPLOADED_IMAGE_URL,
        'Upload the photo first: expected a picture URL from the upload (/uploads/<key>-1280.webp)',
      )
      .nullable(),
  })
  .strict()
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    joinedAt: z.string(),
    /** False for a Google-only account: deleting it asks for a fresh sign-in instead of a password. */
    hasPassword: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;
