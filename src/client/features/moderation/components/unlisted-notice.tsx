/**
 * A home moderation unlisted (issue 30, ADR 0060), as its host and admins see it: the API adds
 * `unlisted` for them only (guests get 404). Says why: the admin's note of the report (the words
 * mailed to the host), or the host's suspension.
 */
import type { Home } from '#shared/schemas/homes';

type Unlisted = NonNullable<Home['unlisted']>;

export function unlistedReason(unlisted: Unlisted): string {
  if (unlisted.reason === 'suspension') return 'Unlisted while the account is suspended.';
  return unlisted.note ? `Unlisted after a report. Reason: ${unlisted.note}` : 'Unlisted after a report.';
}

/** The details page's banner for the host or an admin. */
export function UnlistedNotice({ unlisted, className }: { unlisted: Unlisted; className?: string }) {
  return (
    <div
      className={`rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950${className ? ` ${className}` : ''}`}
    >
      <p className="font-semibold">This home is unlisted: guests cannot find or book it.</p>
      <p className="mt-1 whitespace-pre-line text-sm">{unlistedReason(unlisted)}</p>
      <p className="mt-1 text-sm">Existing bookings are kept. Contact support if you think this is a mistake.</p>
    </div>
  );
}
