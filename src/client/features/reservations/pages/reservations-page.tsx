/**
 * /dashboard/reservations (hosts): the stays booked at the host's homes, grouped as staying
 * now, upcoming and past, filterable by home and by group, with the guest, dates, guests,
 * message, amount and status. A confirmed stay can be cancelled with a reason (full refund); a
 * request (ADR 0050) is accepted at once or declined with an optional message, by its answer-by time.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Reservation } from '#shared/schemas/reservations';
import { inputClass } from '#client/components/ui/form-field';
import { QueryView } from '#client/components/ui/query-view';
import { errorText } from '#client/components/ui/status';
import { isApiError } from '#client/lib/api';
import { Screen } from '#client/components/layout/screen';
import { CancelReservationDialog } from '../components/cancel-reservation-dialog';
import { ReservationDeposits } from '#client/features/deposits/components/reservation-deposits';
import { DeclineRequestDialog } from '../components/decline-request-dialog';
import { ReservationsTable, type ReservationActions } from '../components/reservations-table';
import {
  acceptBookingRequest,
  cancelReservation,
  declineBookingRequest,
  fetchReservations,
  reservationKeys,
} from '../lib/reservations-api';
import { GROUP_HEADINGS, GROUP_ORDER, groupOf, homesOf, type ReservationGroup } from '../lib/present';

export const NO_RESERVATIONS = 'No reservations yet. When guests book your homes, their stays show here.';
export const NO_MATCHES = 'No reservations match these filters.';

function Filters({
  homes,
  home,
  when,
  onHome,
  onWhen,
}: {
  homes: { id: string; title: string }[];
  home: string;
  when: ReservationGroup | 'all';
  onHome: (id: string) => void;
  onWhen: (w: ReservationGroup | 'all') => void;
}) {
  const id = useId();
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end">
      <div className="sm:w-72">
        <label htmlFor={`${id}-home`} className="block font-semibold text-gray-900">
          Home
        </label>
        <select
          id={`${id}-home`}
          value={home}
          onChange={(e) => onHome(e.target.value)}
          className={`${inputClass} mt-1`}
        >
          <option value="">All homes</option>
          {homes.map((h) => (
            <option key={h.id} value={h.id}>
              {h.title}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-56">
        <label htmlFor={`${id}-when`} className="block font-semibold text-gray-900">
          Show
        </label>
        <select
          id={`${id}-when`}
          value={when}
          onChange={(e) => onWhen(e.target.value as ReservationGroup | 'all')}
          className={`${inputClass} mt-1`}
        >
          <option value="all">All stays</option>
          {GROUP_ORDER.map((w) => (
            <option key={w} value={w}>
              {GROUP_HEADINGS[w]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export function ReservationsPage() {
  const queryClient = useQueryClient();
  const [home, setHome] = useState('');
  const [when, setWhen] = useState<ReservationGroup | 'all'>('all');
  const [target, setTarget] = useState<Reservation | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // After a cancellation the row's button goes away: focus continues at the screen's heading.
  const cancelled = useRef(false);
  const reservations = useQuery({
    queryKey: reservationKeys.mine(),
    queryFn: ({ signal }) => fetchReservations(signal),
  });

  const cancel = useMutation({
    mutationFn: ({ r, reason }: { r: Reservation; reason: string }) => cancelReservation(r.id, reason),
    onSuccess: async (answer) => {
      toast.success(
        answer.refund === 'refund_owed'
          ? 'Reservation cancelled. The refund is on its way; we keep trying until it goes through.'
          : 'Reservation cancelled. The guest is refunded in full.',
      );
      cancelled.current = true;
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: reservationKeys.all });
    },
  });

  const openFor = (r: Reservation, element: HTMLElement) => {
    opener.current = element;
    cancel.reset();
    setTarget(r);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: reservationKeys.all });
  // A 409: the request ended meanwhile (withdrawn, expired, answered elsewhere). The server says
  // how; the list shows what it is now.
  const ended = (error: unknown) => isApiError(error) && error.status === 409;

  const accept = useMutation({
    mutationFn: (r: Reservation) => acceptBookingRequest(r.id),
    onSuccess: async (r) => {
      toast.success(`Request accepted: ${r.guestName}'s stay is confirmed and the card is charged.`);
      await refresh();
    },
    onError: async (error) => {
      toast.error(errorText(error));
      if (ended(error)) await refresh();
    },
  });

  const [declining, setDeclining] = useState<Reservation | null>(null);
  const declineOpener = useRef<HTMLElement | null>(null);
  const answered = useRef(false);
  const decline = useMutation({
    mutationFn: ({ r, message }: { r: Reservation; message?: string }) => declineBookingRequest(r.id, message),
    onSuccess: async (r) => {
      toast.success(`Request declined. ${r.guestName} is not charged and gets an email.`);
      answered.current = true;
      setDeclining(null);
      await refresh();
    },
    onError: async (error) => {
      if (!ended(error)) return;
      toast.error(errorText(error));
      answered.current = true;
      setDeclining(null);
      await refresh();
    },
  });

  const actions: ReservationActions = {
    onCancel: openFor,
    onAccept: (r) => accept.mutate(r),
    onDecline: (r, element) => {
      declineOpener.current = element;
      decline.reset();
      setDeclining(r);
    },
    accepting: accept.isPending ? (accept.variables?.id ?? null) : null,
  };

  // After an answer the row's buttons go away: focus continues at the screen's heading.
  const focusBack = (back: HTMLElement | null, done: boolean) => {
    if (!done && back?.isConnected) {
      back.focus();
      return;
    }
    const heading = document.getElementById('dashboard-screen-title');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  };

  return (
    <Screen
      title="Reservations"
      intro="Stays booked at your homes and requests to answer. Cancel a stay only if you must: the guest is refunded in full."
    >
      <QueryView
        query={reservations}
        loadingLabel="Loading reservations"
        isEmpty={(all) => all.length === 0}
        empty={
          <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-800">
            {NO_RESERVATIONS}
          </p>
        }
      >
        {(all) => {
          const shown = all.filter((r) => (!home || r.homeId === home) && (when === 'all' || groupOf(r) === when));
          return (
            <>
              <Filters homes={homesOf(all)} home={home} when={when} onHome={setHome} onWhen={setWhen} />
              <p role="status" className="sr-only">
                {shown.length} of {all.length} reservations shown
              </p>
              {shown.length === 0 ? (
                <p className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-800">
                  {NO_MATCHES}
                </p>
              ) : (
                GROUP_ORDER.map((group) => {
                  const list = shown.filter((r) => groupOf(r) === group);
                  if (!list.length) return null;
                  return (
                    <section key={group} aria-labelledby={`reservations-${group}`} className="mb-8">
                      <h2 id={`reservations-${group}`} className="mb-3 text-xl font-bold text-gray-900">
                        {GROUP_HEADINGS[group]} <span className="font-normal text-gray-700">({list.length})</span>
                      </h2>
                      <ReservationsTable title={GROUP_HEADINGS[group]} reservations={list} actions={actions} />
                    </section>
                  );
                })
              )}
              <ReservationDeposits reservations={all} />
            </>
          );
        }}
      </QueryView>
      <CancelReservationDialog
        target={target}
        pending={cancel.isPending}
        error={cancel.isError ? errorText(cancel.error) : null}
        onConfirm={(reason) => target && cancel.mutate({ r: target, reason })}
        onClose={() => setTarget(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const back = opener.current;
          opener.current = null;
          const done = cancelled.current;
          cancelled.current = false;
          focusBack(back, done);
        }}
      />
      <DeclineRequestDialog
        target={declining}
        pending={decline.isPending}
        error={decline.isError && !ended(decline.error) ? errorText(decline.error) : null}
        onConfirm={(message) => declining && decline.mutate({ r: declining, message })}
        onClose={() => setDeclining(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const back = declineOpener.current;
          declineOpener.current = null;
          const done = answered.current;
          answered.current = false;
          focusBack(back, done);
        }}
      />
    </Screen>
  );
}

export { ReservationsPage as Component };
