/**
 * /email-verified: where the verification mail's link lands (its callbackURL, see verificationCallback).
 * Better Auth verifies the address, signs the user in and redirects here; when the link is expired,
 * already used or for another account it adds `?error=<code>` instead. This page says which, and leads
 * on to `?next=` (the page the mail was asked for on), else the dashboard.
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { announceSession, useSession, type SessionUser } from '#client/lib/session';
import { AuthCard } from '../components/auth-card';
import { VerifyEmailNotice } from '../components/verify-email-notice';
import { SessionProgress } from '../guards';
import { safeLocalPath, withFrom } from '../lib/redirect';
import { buttonClass } from '#client/components/ui/button';

export const EMAIL_VERIFIED_TITLE = 'Your email is verified';

const FAILURES: Record<string, { title: string; text: string }> = {
  TOKEN_EXPIRED: {
    title: 'This verification link has expired',
    text: 'Verification links are valid for 24 hours.',
  },
  INVALID_USER: {
    title: 'This verification link is for another account',
    text: 'This browser is signed in to a different account. Sign out, then open the link again.',
  },
};
const INVALID = {
  title: 'This verification link is not valid',
  text: 'It may have been used already, or only part of it was copied.',
};

function Continue({ next }: { next: string | null }) {
  return (
    <Link to={next ?? '/dashboard'} className={buttonClass('primary', 'mt-6 w-full')}>
      {next ? 'Continue' : 'Go to your dashboard'}
    </Link>
  );
}

/** What the user can do after a failed link: a new mail (signed in, not verified), go on, or sign in first. */
function NextStep({ user, next }: { user: SessionUser | null; next: string | null }) {
  if (!user) {
    return (
      <>
        <p className="mt-4 text-gray-800">Log in to ask for a new verification mail from your dashboard.</p>
        <Link to={withFrom('/login', '/dashboard')} className={buttonClass('primary', 'mt-6 w-full')}>
          Log in
        </Link>
      </>
    );
  }
  if (user.emailVerified === false) {
    return (
      <div className="mt-4">
        <VerifyEmailNotice purpose="account" email={user.email} />
      </div>
    );
  }
  return (
    <>
      <p className="mt-4 text-gray-800">Your email address is already verified: there is nothing more to do.</p>
      <Continue next={next} />
    </>
  );
}

export function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const { user, isLoading } = useSession();
  const error = params.get('error');
  const next = safeLocalPath(params.get('next'));
  const verified = !error && user?.emailVerified === true;

  // The link signed this browser in afresh: the other tabs (an open booking page) learn it is verified.
  useEffect(() => {
    if (verified) announceSession('changed');
  }, [verified]);

  if (isLoading) return <SessionProgress />;

  if (error) {
    const failure = FAILURES[error] ?? INVALID;
    return (
      <AuthCard title={failure.title}>
        <p role="alert" className="text-gray-800">
          {failure.text}
        </p>
        <NextStep user={user} next={next} />
      </AuthCard>
    );
  }

  if (verified) {
    return (
      <AuthCard title={EMAIL_VERIFIED_TITLE}>
        <p role="status" className="text-gray-800">
          Thank you: <span className="break-all font-semibold">{user.email}</span> is confirmed, and you can reserve
          stays.
        </p>
        <Continue next={next} />
      </AuthCard>
    );
  }

  // Signed out without an error: Better Auth sends a link followed again (the address already verified, the
  // sign-in not repeated) here so. Typing the address by hand also lands here; the dashboard then still reminds.
  if (!user) {
    return (
      <AuthCard title={EMAIL_VERIFIED_TITLE}>
        <p role="status" className="text-gray-800">
          Your email address is verified. Log in to continue.
        </p>
        <Link to={withFrom('/login', next ?? '/dashboard')} className={buttonClass('primary', 'mt-6 w-full')}>
          Log in
        </Link>
      </AuthCard>
    );
  }

  // Signed in, not verified: the page was opened without following a mail's link.
  return (
    <AuthCard title="Verify your email">
      <NextStep user={user} next={next} />
    </AuthCard>
  );
}

export { EmailVerifiedPage as Component };
