import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { describedBy, FieldError, inputClass, TextField } from '#client/components/ui/form-field';
import { TEXTS } from '#shared/texts';
import { uploadImage } from '#client/lib/uploads';
import { ACCEPTED_IMAGE_TYPES } from '#shared/schemas/uploads';
import { authClient, authErrorMessage } from '../auth-client';
import { NewPasswordField } from '../components/new-password-field';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '#client/components/ui/form-alert';
import { useSession } from '#client/lib/session';
import { redirectOrigin, redirectTarget, verificationCallback, withFrom } from '../lib/redirect';
import { registerFormSchema, type RegisterForm } from '../lib/schemas';
import { refreshSession } from '../lib/session-actions';
import { Button } from '#client/components/ui/button';

const NETWORK_ERROR = 'Could not reach StayHub. Check your connection and try again.';

export function RegisterPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const target = redirectTarget(location.state, location.search);
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const imageId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(registerFormSchema), defaultValues: { name: '', email: '', password: '' } });

  function fail(message: string) {
    toast.error(message);
    setFormError(message);
  }

  async function submit({ name, email, password }: RegisterForm) {
    setFormError(null);
    setImageError(null);
    const file = fileRef.current?.files?.[0];
    if (file && !ACCEPTED_IMAGE_TYPES.includes(file.type as (typeof ACCEPTED_IMAGE_TYPES)[number])) {
      const message = 'Choose a JPEG, PNG or WebP image.';
      setImageError(message);
      toast.error(message);
      fileRef.current?.focus();
      return;
    }
    let signedUpHere = false;
    setBusy(true);
    try {
      // The mail's link says whether it worked (/email-verified), then leads on to where the user was going.
      const { error } = await authClient.signUp.email({
        name,
        email,
        password,
        callbackURL: verificationCallback(target),
      });
      if (error) {
        const message = authErrorMessage(error, 'Your account could not be created. Please try again.');
        if (error.code?.includes('EMAIL') || error.code?.includes('USER_ALREADY_EXISTS'))
          setError('email', { type: 'server', message });
        else if (error.code?.includes('PASSWORD')) setError('password', { type: 'server', message });
        fail(message);
        return;
      }
      // Uploads need a signed-in user, so the photo follows the new account's first session.
      if (file) {
        try {
          const image = await uploadImage(file);
          const updated = await authClient.updateUser({ image });
          if (updated.error) throw new Error(authErrorMessage(updated.error, 'the profile could not be updated'));
        } catch (photoError) {
          toast.error(
            `Your account was created, but the photo could not be saved: ${photoError instanceof Error ? photoError.message : NETWORK_ERROR}`,
          );
        }
      }
      await refreshSession(queryClient);
      toast.success(TEXTS.registerSuccess);
      void navigate(target, { replace: true });
      // Still busy until the page goes (see login.tsx).
      signedUpHere = true;
    } catch {
      fail(NETWORK_ERROR);
    } finally {
      if (!signedUpHere) setBusy(false);
    }
  }

  // Already signed in (and not signing up right here): back to the origin, else the dashboard.
  if (user && !busy) {
    return <Navigate to={redirectOrigin(location.state, location.search) ?? '/dashboard'} replace />;
  }

  return (
    <AuthCard
      title="Create your account"
      intro="Sign up to book stays, or to become a host."
      footer={
        <p>
          Already have an account?{' '}
          <Link
            to={withFrom('/login', target)}
            state={location.state}
            className="font-semibold text-rose-800 underline underline-offset-2"
          >
            Log in
          </Link>
        </p>
      }
    >
      <FormAlert className="mb-4">{formError}</FormAlert>
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate aria-busy={busy} className="space-y-4">
        <TextField label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <div>
          <label htmlFor={imageId} className="mb-1 block text-sm font-semibold text-gray-900">
            Profile photo <span className="font-normal text-gray-700">(optional)</span>
          </label>
          <input
            ref={fileRef}
            id={imageId}
            name="image"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            onChange={() => setImageError(null)}
            aria-invalid={imageError ? true : undefined}
            aria-describedby={describedBy(imageError ? `${imageId}-error` : null)}
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-rose-50 file:px-3 file:py-1 file:font-semibold file:text-rose-800`}
          />
          <FieldError id={`${imageId}-error`}>{imageError}</FieldError>
        </div>
        <NewPasswordField label="Password" error={errors.password?.message} {...register('password')} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? TEXTS.loading : TEXTS.signUp}
        </Button>
      </form>
    </AuthCard>
  );
}

export { RegisterPage as Component };
