import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '#client/components/ui/form-field';
import { TEXTS } from '#shared/texts';
import { authClient, authErrorMessage } from '../auth-client';
import { NewPasswordField } from '../components/new-password-field';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '#client/components/ui/form-alert';
import { resetPasswordFormSchema } from '../lib/schemas';
import { Button, buttonClass } from '#client/components/ui/button';

export const PASSWORD_CHANGED = 'Your password has been changed. Log in with the new password.';

function InvalidLink({ reason }: { reason: 'missing' | 'expired' }) {
  return (
    <AuthCard title="Reset link not valid">
      <div role="alert" className="space-y-4 text-gray-800">
        <p>
          {reason === 'missing'
            ? 'This page needs the link from your password-reset email, and this address has none.'
            : 'This password-reset link has expired or was already used.'}
        </p>
        <p>Go to the login page, enter your email and choose Forgot Password to get a new link.</p>
      </div>
      <Link to="/login" className={buttonClass('primary', 'mt-6 w-full')}>
        Go to login
      </Link>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const linkError = params.get('error');
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    setBusy(true);
    setFormError(null);
    try {
      const { error } = await authClient.resetPassword({ newPassword: password, token });
      if (error) {
        if (error.code === 'INVALID_TOKEN' || /invalid token|expired/i.test(error.message ?? '')) {
          setExpired(true);
          return;
        }
        const message = authErrorMessage(error, 'Your password could not be changed. Please try again.');
        toast.error(message);
        setFormError(message);
        return;
      }
      toast.success(PASSWORD_CHANGED);
      void navigate('/login', { replace: true });
    } catch {
      const message = 'Could not reach StayHub. Check your connection and try again.';
      toast.error(message);
      setFormError(message);
    } finally {
      setBusy(false);
    }
  });

  if (linkError || expired) return <InvalidLink reason="expired" />;
  if (!token) return <InvalidLink reason="missing" />;

  return (
    <AuthCard title="Choose a new password" intro="Enter a new password for your StayHub account.">
      <FormAlert className="mb-4">{formError}</FormAlert>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy} className="space-y-4">
        <NewPasswordField label="New password" error={errors.password?.message} {...register('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? TEXTS.loading : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };
