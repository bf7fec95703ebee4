/** Form rules for the auth screens (spec section 5, issue 3: passwords 8–128 characters). */
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string()
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'That email address is too long')
  .pipe(z.email('Enter a valid email address, like name@example.com'));

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

export const loginFormSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Only the email, for Forgot Password (which uses the login form's email field). */
export const emailOnlySchema = z.object({ email });

export const registerFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email,
  password: newPassword,
});
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirm: z.string().min(1, 'Repeat the new password') })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The two passwords do not match',
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
