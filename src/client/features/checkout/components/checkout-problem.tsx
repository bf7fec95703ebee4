/** What the checkout shows instead of its steps when it cannot go on, and the payment's own failures. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '#client/components/page-title';
import { isApiError, type ApiError } from '#client/lib/api';
import { VerifyEmailNotice } from '#client/features/auth/components/verify-email-notice';
import { detailsHref, type CheckoutStay } from '../lib/steps';
import { Button, buttonClass } from '#client/components/ui/button';

export const linkButton = buttonClass('primary', 'no-underline');

export function Problem({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <PageTitle title={title} />
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
      <div className="mt-3 text-gray-800">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}

export function AllHomesLink({ secondary = false }: { secondary?: boolean }) {
  return (
    <Link to="/all-home" className={secondary ? buttonClass('secondary') : linkButton}>
      Browse all homes
    </Link>
  );
}

/** The payment intent was refused or failed: why, and the way on. */
export function IntentProblem({ error, stay, onRetry }: { error: Error; stay: CheckoutStay; onRetry: () => void }) {
  const api = isApiError(error) ? (error as ApiError) : null;
  if (api?.code === 'email_not_verified') return <VerifyEmailNotice message={api.message} />;
  // Back after paying: the guest's own booking holds these dates, which is good news, not a refusal.
  if (api?.code === 'already_booked') {
    return (
      <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-4">
        <p className="font-semibold text-green-900">You already booked this stay</p>
        <p className="mt-1 text-green-900">It is in My Bookings, with its receipt.</p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/dashboard/my-booking" className={linkButton}>
            See it in My Bookings
          </Link>
          <Link to={detailsHref(stay)} className={buttonClass('secondary')}>
            Back to the home
          </Link>
        </div>
      </div>
    );
  }
  // 4xx answers (dates taken, price changed, outside the window) need other choices; the rest may pass on retry.
  const permanent = api !== null && api.status >= 400 && api.status < 500;
  const tooManyHolds = api?.code === 'too_many_holds';
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="font-semibold text-red-800">
        {api?.code === 'price_changed'
          ? 'The price has changed'
          : tooManyHolds
            ? 'You have other reservations in progress'
            : permanent
              ? 'These dates cannot be booked'
              : 'The payment could not be prepared'}
      </p>
      <p className="mt-1 text-red-800">{error.message}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        {tooManyHolds && (
          <Link to="/dashboard/my-booking" className={linkButton}>
            Go to My Bookings
          </Link>
        )}
        {!permanent && <Button onClick={onRetry}>Try again</Button>}
        <Link to={detailsHref(stay)} className={permanent ? linkButton : buttonClass('secondary')}>
          Back to the home
        </Link>
      </div>
    </div>
  );
}
