/**
 * Reserving needs a verified email (the server answers 403 email_not_verified):
 * this says so where the guest would reserve (`purpose` 'reserve') and, until the
 * address is verified, on the dashboard ('account'), with "Resend verification mail"
 * (Better Auth's send-verification-email). The mail's link opens /email-verified, which
 * says how it went and leads back to the page the mail was asked for on.
 */
import { useId, useState } from 'react';
import { useSession } from '#client/lib/session';
import { authClient, authErrorMessage } from '../auth-client';
import { verificationCallback } from '../lib/redirect';
import { Button } from '#client/components/ui/button';

const VERIFY_EMAIL_TITLE = 'Verify your email to reserve';
const CHECK_INBOX_TITLE = 'Check your inbox to verify your email';

const TEXT = {
  reserve: {
    title: VERIFY_EMAIL_TITLE,
    body: 'Please verify your email address before reserving: open the link in the verification mail we sent you.',
    sent: 'Sent. Open the link in the new mail, then come back to reserve.',
  },
  account: {
    title: CHECK_INBOX_TITLE,
    body: 'Open the link in the verification mail we sent you. You need a verified email to reserve a stay.',
    sent: 'Sent. Open the link in the new mail.',
  },
} as const;

export function VerifyEmailNotice({
  email: given,
  message,
  purpose = 'reserve',
}: {
  email?: string;
  message?: string;
  purpose?: keyof typeof TEXT;
}) {
  const { user } = useSession();
  const email = given ?? user?.email ?? '';
  const text = TEXT[purpose];
  const titleId = useId();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });

  async function resend() {
    setState({ kind: 'sending' });
    const here = `${window.location.pathname}${window.location.search}`;
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: verificationCallback(here) });
    setState(
      error
        ? { kind: 'failed', message: authErrorMessage(error, 'The mail could not be sent. Please try again.') }
        : { kind: 'sent' },
    );
  }

  return (
    // Where reserving was refused it is an alert; on the dashboard a standing reminder, not announced on every visit.
    <section
      role={purpose === 'reserve' ? 'alert' : undefined}
      aria-labelledby={titleId}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p id={titleId} className="font-semibold">
        {text.title}
      </p>
      <p className="mt-1">
        {message ?? text.body}{' '}
        {email && (
          <>
            It went to <span className="break-all font-semibold">{email}</span>.
          </>
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void resend()}
          disabled={!email || state.kind === 'sending'}
          aria-busy={state.kind === 'sending' || undefined}
        >
          Resend verification mail
        </Button>
        <p role="status" className="text-sm">
          {state.kind === 'sent' && text.sent}
          {state.kind === 'failed' && state.message}
        </p>
      </div>
    </section>
  );
}
