/** A cancellation policy in words: its name, its rule and what "check-in" means in it (ADR 0019). */
import { POLICY_LABELS, POLICY_TERMS, checkInNote, type CancellationPolicy } from '#shared/cancellation';

export function PolicyTerms({
  policy,
  timeZone,
  heading = 'h2',
  className = '',
}: {
  /** null: booked before policies, refunded in full whenever cancelled. */
  policy: CancellationPolicy | null;
  /** The home's IANA time zone (the booking's, once booked): check-in is read on its clocks. */
  timeZone: string;
  heading?: 'h2' | 'h3';
  className?: string;
}) {
  const Heading = heading;
  return (
    <section className={className} data-testid="cancellation-policy">
      <Heading className={`${heading === 'h2' ? 'text-xl' : 'text-base'} font-semibold text-gray-900`}>
        Cancellation policy{policy ? `: ${POLICY_LABELS[policy]}` : ''}
      </Heading>
      <p className="mt-1 text-gray-800">
        {policy ? POLICY_TERMS[policy] : 'Full refund whenever you cancel (booked before cancellation policies).'}
      </p>
      {policy && (
        <p className="mt-1 text-sm text-gray-700" data-testid="check-in-note">
          {checkInNote(timeZone)}
        </p>
      )}
    </section>
  );
}
