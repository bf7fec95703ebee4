/**
 * The profile's "Your data" part (issue 30, ADR 0061): download everything StayHub holds about you
 * (GET /api/me/export, a JSON file), or delete the account (DELETE /api/me) after a summary of what
 * happens, with the password again, or for a Google-only account a fresh Google sign-in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { acknowledgedDelete } from '#shared/schemas/common';
import { FRESH_SIGN_IN_MINUTES } from '#shared/schemas/account-data';
import { Button, buttonClass } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { TextField } from '#client/components/ui/form-field';
import { errorText } from '#client/components/ui/status';
import { apiRequest, isApiError } from '#client/lib/api';
import { dropSignedOutUser } from '#client/lib/session';
import { authClient } from '../auth/auth-client';

async function deleteAccount(password: string | null) {
  return apiRequest('/api/me', acknowledgedDelete, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(password === null ? {} : { password }),
  });
}

/** The server's refusal, with the way out it names. */
function Refusal({ error }: { error: unknown }) {
  const code = isApiError(error) ? error.code : null;
  return (
    <>
      {errorText(error)}
      {code === 'stays_upcoming' && (
        <>
          {' '}
          <Link className="font-semibold underline" to="/dashboard/my-booking">
            Your bookings
          </Link>
        </>
      )}
    </>
  );
}

function DeleteAccountDialog({
  open,
  onClose,
  hasPassword,
}: {
  open: boolean;
  onClose: () => void;
  hasPassword: boolean;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteAccount(hasPassword ? password : null),
    onSuccess: async () => {
      await dropSignedOutUser(queryClient);
      toast.success('Your account is deleted. Goodbye!');
      await navigate('/');
    },
  });
  const needsSignIn = isApiError(remove.error) && remove.error.code === 'sign_in_again';

  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        remove.reset();
        setPassword('');
        setMissing(false);
        onClose();
      }}
      busy={remove.isPending}
      size="lg"
      title="Delete your account?"
      description="This cannot be undone."
      confirmLabel="Delete my account"
      busyLabel="Deleting…"
      error={remove.error ? <Refusal error={remove.error} /> : null}
      onConfirm={() => {
        if (hasPassword && !password) return setMissing(true);
        remove.mutate();
      }}
    >
      <ul className="mt-4 list-disc space-y-1 pl-5 text-gray-800">
        <li>You are signed out everywhere, and your sign-in (password or Google) stops working.</li>
        <li>Your name, email, photo and host documents are erased; your homes are removed.</li>
        <li>Messages and reviews you wrote stay for the other person, signed “Deleted user”.</li>
        <li>Bookings and payments are kept for accounting, without your name or email.</li>
        <li>Stays that have not ended yet must be cancelled first.</li>
        <li>Your email address can sign up again later, as a new account.</li>
      </ul>
      <p className="mt-3 text-gray-800">
        Want a copy first?{' '}
        <a className="font-semibold underline" href="/api/me/export" download>
          Download my data
        </a>
        .
      </p>
      {hasPassword ? (
        <TextField
          className="mt-4"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={missing ? 'Enter your password to delete your account.' : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
        />
      ) : (
        <p className="mt-4 text-gray-800">
          You sign in with Google: sign in again, then delete your account within {FRESH_SIGN_IN_MINUTES} minutes.
        </p>
      )}
      {!hasPassword && needsSignIn && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void authClient.signIn.social({ provider: 'google', callbackURL: '/dashboard/profile' })}
        >
          Sign in with Google again
        </Button>
      )}
    </ConfirmDialog>
  );
}

export function AccountDataSection({ hasPassword }: { hasPassword: boolean }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="your-data" className="mt-10 max-w-lg border-t border-gray-200 pt-6">
      <h2 id="your-data" className="text-lg font-bold text-gray-900">
        Your data
      </h2>
      <p className="mt-1 text-gray-800">
        Take a copy of everything StayHub holds about you (a JSON file), or delete your account.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a className={buttonClass('secondary')} href="/api/me/export" download>
          Download my data
        </a>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} hasPassword={hasPassword} />
    </section>
  );
}
