/** How a reservation reads on the host's screen. */
import type { Reservation, ReservationWhen } from '#shared/schemas/reservations';

/** The screen's groups: confirmed stays by when they are, then every cancelled one (counted in no other group). */
export type ReservationGroup = 'requested' | ReservationWhen | 'cancelled';
/** Open requests first: they wait for the host's answer (ADR 0050). */
export const GROUP_ORDER: ReservationGroup[] = ['requested', 'current', 'upcoming', 'past', 'cancelled'];

export const GROUP_HEADINGS: Record<ReservationGroup, string> = {
  requested: 'Requests',
  current: 'Staying now',
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
};

/** Requests apart; declined and expired requests end with the cancelled ones (nothing holds their nights). */
export const groupOf = (r: Reservation): ReservationGroup =>
  r.status === 'requested' ? 'requested' : r.status === 'confirmed' ? r.when : 'cancelled';

export function statusText(r: Reservation): string {
  if (r.status === 'confirmed') return 'Confirmed';
  if (r.status === 'requested') return 'Request: awaiting your answer';
  if (r.status === 'declined') return 'Request declined';
  if (r.status === 'expired') return 'Request expired';
  if (r.cancelledBy === 'host') return 'Cancelled by you';
  if (r.cancelledBy === 'admin') return 'Cancelled by StayHub';
  return 'Cancelled by the guest';
}

/** A host may cancel a confirmed stay until the guest checks out. */
export const isHostCancellable = (r: Reservation) => r.status === 'confirmed' && r.when !== 'past';

/** The homes the reservations are at, for the filter (a deleted home has no id: it cannot be filtered on). */
export function homesOf(list: Reservation[]): { id: string; title: string }[] {
  const seen = new Map<string, string>();
  for (const r of list) if (r.homeId && !seen.has(r.homeId)) seen.set(r.homeId, r.homeTitle);
  return [...seen].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
}

const ANSWER_BY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Answer by Dec 9, 2026, 3:00 PM" (the host's own clock) for an open request; null otherwise. */
export const answerByText = (r: Reservation): string | null =>
  r.status === 'requested' && r.respondBy ? `Answer by ${ANSWER_BY.format(new Date(r.respondBy))}` : null;
