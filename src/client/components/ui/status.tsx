/**
 * Loading and error states shared by the public pages and the dashboard screens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { TEXTS } from '#shared/texts';
import { isApiError } from '#client/lib/api';
import { SESSION_QUERY_KEY } from '#client/lib/session';
import { withFrom } from '#client/features/auth/lib/redirect';

/** The progress bar shown while a dashboard list loads (spec: "A progress bar shows while loading"). */
export function LoadingBar({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12">
      <progress aria-label={label} className="h-2 w-56 accent-rose-700" />
      <p className="text-gray-700" aria-hidden="true">
        {TEXTS.loading}
      </p>
    </div>
  );
}

/**
 * A failed load: the message and, with `onRetry`, a Try again button.
 * `centered`: a narrow centred box (public pages); otherwise it fills its column (dashboard).
 */
export function ErrorPanel({
  message,
  onRetry,
  centered = false,
}: {
  message: string;
  onRetry?: () => void;
  centered?: boolean;
}) {
  return (
    <div
      role="alert"
      className={`${centered ? 'mx-auto max-w-lg text-center ' : ''}rounded-lg border border-red-200 bg-red-50 p-6`}
    >
      <p className="font-semibold text-red-800">We could not load this.</p>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-md bg-rose-700 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-800"
        >
          Try again
        </button>
      )}
    </div>
  );
}

/** The text to show for a failure: the error's own message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

/** The session has ended (signed out in another tab, expired, revoked): signing in again is the way on. */
function needsSignIn(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * A failed action's text, for inline messages. When the session has ended, the text ("Sign in to
 * continue") is a link to /login that comes back to this page, so the user is not left stuck.
 */
export function ErrorText({ error }: { error: unknown }) {
  return needsSignIn(error) ? <SignInLink text={errorText(error)} /> : <>{errorText(error)}</>;
}

function SignInLink({ text }: { text: string }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = location.pathname + location.search + location.hash;
  // The whole page learns the session has ended (the header offers Login, /login shows its form), as the
  // query client does for a query's or mutation's 401; plain calls (sending a message) come through here.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }, { cancelRefetch: false });
  }, [queryClient]);
  return (
    <Link to={withFrom('/login', here)} state={{ from: here }} className="underline underline-offset-2">
      {text}
    </Link>
  );
}
