/**
 * Form rules for the auth screens (spec section 5, issue 3). Email, password (8–128
 * characters) and name follow the shared user schemas, which the server applies too.
 */
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from '#shared/schemas/users';

/** The email field: an empty field says so before the format is checked. */
const email = z.string().trim().min(1, 'Enter your email address').pipe(emailSchema);

export const loginFormSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
});

/** Only the email, for Forgot Password (which uses the login form's email field). */
export const emailOnlySchema = z.object({ email });

export const registerFormSchema = z.object({
  name: nameSchema,
  email,
  password: passwordSchema,
});
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string().min(1, 'Repeat the new password') })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords do not match',
  });
