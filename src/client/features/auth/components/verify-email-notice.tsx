/**
 * Reserving needs a verified email (the server answers 403 email_not_verified):
 * this says so where the guest would reserve, with "Resend verification mail"
 * (Better Auth's send-verification-email; the link brings them back here).
 */
import { useState } from 'react';
import { primaryButtonClass } from '#client/components/ui/form-field';
import { useSession } from '#client/lib/session';
import { authClient, authErrorMessage } from '../auth-client';

export const VERIFY_EMAIL_TITLE = 'Verify your email to reserve';

export function VerifyEmailNotice({ email: given, message }: { email?: string; message?: string }) {
  const { user } = useSession();
  const email = given ?? user?.email ?? '';
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });

  async function resend() {
    setState({ kind: 'sending' });
    const callbackURL = `${window.location.pathname}${window.location.search}`;
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL });
    setState(
      error
        ? { kind: 'failed', message: authErrorMessage(error, 'The mail could not be sent. Please try again.') }
        : { kind: 'sent' },
    );
  }

  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{VERIFY_EMAIL_TITLE}</p>
      <p className="mt-1">
        {message ??
          'Please verify your email address before reserving: open the link in the verification mail we sent you.'}{' '}
        {email && (
          <>
            It went to <span className="break-all font-semibold">{email}</span>.
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void resend()}
          disabled={!email || state.kind === 'sending'}
          aria-busy={state.kind === 'sending' || undefined}
          className={primaryButtonClass}
        >
          Resend verification mail
        </button>
        <p role="status" className="text-sm">
          {state.kind === 'sent' && 'Sent. Open the link in the new mail, then come back to reserve.'}
          {state.kind === 'failed' && state.message}
        </p>
      </div>
    </div>
  );
}
