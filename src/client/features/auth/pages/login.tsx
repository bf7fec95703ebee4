import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PasswordField, TextField } from '#client/components/ui/form-field';
import { TEXTS } from '#shared/texts';
import { authClient, authErrorMessage } from '../auth-client';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '#client/components/ui/form-alert';
import { useSession } from '#client/lib/session';
import { redirectOrigin, redirectTarget, withFrom } from '../lib/redirect';
import { emailOnlySchema, loginFormSchema } from '../lib/schemas';
import { fetchGoogleConfigured, refreshSession } from '../lib/session-actions';
import { sessionEndReason } from '#client/lib/session';
import { Icon } from '#client/components/ui/icon';
import { GOOGLE_MARK } from '../components/google-mark';
import { Button } from '#client/components/ui/button';

export const ROLE_CHANGED = 'Your role changed — sign in again.';

/** The query of GET /api/auth-config's Google flag (the Google button shows only when true). */
export const GOOGLE_CONFIG_KEY = ['auth-config', 'google'] as const;
const EMAIL_NEEDED = 'Enter your email address first: the reset link is sent to it.';

type Busy = null | 'signin' | 'reset' | 'google';

/** A message for Better Auth's `?error=` after a failed Google redirect. */
function oauthErrorMessage(search: string): string | null {
  const code = new URLSearchParams(search).get('error');
  if (!code) return null;
  const readable = code.replace(/[_-]+/g, ' ').toLowerCase();
  return `Google sign-in did not complete (${readable}). Please try again.`;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = redirectTarget(location.state, location.search);
  const { user } = useSession();
  const googleConfigured = useQuery({
    queryKey: GOOGLE_CONFIG_KEY,
    queryFn: fetchGoogleConfigured,
    staleTime: Infinity,
  }).data;
  const [busy, setBusy] = useState<Busy>(null);
  const [formError, setFormError] = useState<string | null>(() => oauthErrorMessage(location.search));
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    let signedInHere = false;
    setBusy('signin');
    setFormError(null);
    try {
      const { error } = await authClient.signIn.email({ email, password });
      if (error) {
        const message = authErrorMessage(error, 'Sign in failed. Please try again.');
        toast.error(message);
        setFormError(message);
        return;
      }
      await refreshSession(queryClient);
      toast.success(TEXTS.loginSuccess);
      void navigate(target, { replace: true });
      // Still busy until the page goes: the origin's code may still be loading, and a signed-in
      // user on an idle login page is sent on to the dashboard instead (below).
      signedInHere = true;
    } catch {
      const message = 'Could not reach StayHub. Check your connection and try again.';
      toast.error(message);
      setFormError(message);
    } finally {
      if (!signedInHere) setBusy(null);
    }
  });

  async function forgotPassword() {
    const parsed = emailOnlySchema.safeParse({ email: getValues('email') });
    if (!parsed.success) {
      const empty = !getValues('email').trim();
      setError('email', {
        type: 'manual',
        message: empty ? EMAIL_NEEDED : (parsed.error.issues[0]?.message ?? EMAIL_NEEDED),
      });
      setFocus('email');
      return;
    }
    clearErrors('email');
    setBusy('reset');
    setFormError(null);
    try {
      const { error } = await authClient.requestPasswordReset({
        email: parsed.data.email,
        redirectTo: '/reset-password',
      });
      if (error) {
        toast.error(authErrorMessage(error, 'The reset email could not be sent. Please try again.'));
        return;
      }
      toast.success(TEXTS.passwordResetSent);
    } catch {
      toast.error('Could not reach StayHub. Check your connection and try again.');
    } finally {
      setBusy(null);
    }
  }

  async function googleSignIn() {
    setBusy('google');
    setFormError(null);
    try {
      const { error } = await authClient.signIn.social({
        provider: 'google',
        callbackURL: target,
        errorCallbackURL: withFrom('/login', target),
      });
      if (error) {
        toast.error(authErrorMessage(error, 'Google sign-in failed. Please try again.'));
        setBusy(null);
      }
      // On success the browser is on its way to Google; keep the buttons disabled.
    } catch {
      toast.error('Could not reach StayHub. Check your connection and try again.');
      setBusy(null);
    }
  }

  // Already signed in (and not signing in right here): back to the origin, else the dashboard.
  if (user && busy === null) {
    return <Navigate to={redirectOrigin(location.state, location.search) ?? '/dashboard'} replace />;
  }

  return (
    <AuthCard
      title="Log in to StayHub"
      intro="Sign in to book homes and manage your dashboard."
      footer={
        <p>
          New to StayHub?{' '}
          <Link
            to={withFrom('/register', target)}
            state={location.state}
            className="font-semibold text-rose-800 underline underline-offset-2"
          >
            Create an account
          </Link>
        </p>
      }
    >
      <RoleChangedNotice />
      <FormAlert className="mb-4">{formError}</FormAlert>
      <form
        onSubmit={(event) => {
          // A new attempt: the last attempt's message goes, whatever this one finds.
          setFormError(null);
          void onSubmit(event);
        }}
        noValidate
        aria-busy={busy !== null}
        className="space-y-4"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={busy !== null} className="w-full">
          {busy === 'signin' ? TEXTS.loading : 'Sign In'}
        </Button>
      </form>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={() => void forgotPassword()}
          disabled={busy !== null}
          className="rounded text-sm font-semibold text-rose-800 underline underline-offset-2 hover:text-rose-900 disabled:opacity-70"
        >
          {busy === 'reset' ? TEXTS.loading : 'Forgot Password'}
        </button>
      </div>
      {googleConfigured === true && <GoogleSignIn busy={busy} onClick={() => void googleSignIn()} />}
    </AuthCard>
  );
}

/** "or" and the Google button: shown only when the server says Google sign-in is configured. */
function GoogleSignIn({ busy, onClick }: { busy: Busy; onClick: () => void }) {
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-sm text-gray-700" aria-hidden="true">
        <span className="h-px flex-1 bg-gray-300" />
        or
        <span className="h-px flex-1 bg-gray-300" />
      </div>
      <Button variant="secondary" onClick={onClick} disabled={busy !== null} className="w-full">
        <Icon draw={GOOGLE_MARK} size={18} />
        {busy === 'google' ? TEXTS.loading : 'Log In with Google'}
      </Button>
    </>
  );
}

/** Why a signed-in user was sent here: an admin changed their role, which ended their session (ADR 0008). */
function RoleChangedNotice() {
  const [reason] = useState(sessionEndReason);
  if (reason !== 'role_changed') return null;
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
    >
      {ROLE_CHANGED}
    </p>
  );
}

export { LoginPage as Component };
