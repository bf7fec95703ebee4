/**
 * The "Cancle" confirm dialog. Before Yes, it shows what the server says
 * cancelling now gives back (GET /api/bookings/:id/cancellation): the booking's
 * policy decides a guest's refund, so the guest sees the amount first.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { POLICY_LABELS } from '#shared/cancellation';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import type { Booking, CancellationQuote } from '#shared/schemas/bookings';
import { primaryButtonClass, secondaryButtonClass } from '#client/components/ui/form-field';
import { errorText } from '#client/components/ui/status';
import { bookingKeys, fetchCancellationQuote } from '../lib/bookings-api';

/**
 * What Yes does to the money, in the server's numbers, said to the guest who paid ("your card")
 * or to an admin cancelling someone's booking ("the guest's card").
 */
export function refundSentence(quote: CancellationQuote, payer: 'you' | 'guest' = 'you'): string {
  const card = payer === 'you' ? 'your card' : "the guest's card";
  const policy = quote.cancellationPolicy
    ? ` under the ${POLICY_LABELS[quote.cancellationPolicy]} cancellation policy`
    : '';
  const paid = formatCents(quote.totalCents);
  if (quote.refundCents === 0 && !quote.byPolicy) return 'No payment was taken, so there is nothing to refund.';
  if (quote.refundCents === 0) return `No refund${policy}: the ${paid} paid is not refunded.`;
  if (quote.refundCents === quote.totalCents) return `The payment of ${paid} is refunded to ${card}.`;
  const refund = formatCents(quote.refundCents);
  return payer === 'you'
    ? `You will be refunded ${refund} of the ${paid} paid${policy}, to your card.`
    : `The guest is refunded ${refund} of the ${paid} paid${policy}, to their card.`;
}

export function CancelBookingDialog({
  target,
  pending,
  onClose,
  onConfirm,
  openerRef,
  focusHeadingRef,
  payer = 'you',
}: {
  target: Booking | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (booking: Booking) => void;
  /** The row's Cancle button: the focus goes back to it when the dialog closes without a cancellation. */
  openerRef: RefObject<HTMLElement | null>;
  /** Set after a cancellation: the row is gone, so the focus continues at the screen's heading. */
  focusHeadingRef: RefObject<boolean>;
  /** Who paid, as the reader sees it: the signed-in guest, or a guest an admin cancels for. */
  payer?: 'you' | 'guest';
}) {
  const quote = useQuery({
    queryKey: bookingKeys.cancellation(target?._id ?? ''),
    queryFn: ({ signal }) => fetchCancellationQuote(target!._id, signal),
    enabled: target !== null,
    // The refund depends on the moment: ask again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const back = openerRef.current;
            openerRef.current = null;
            if (!focusHeadingRef.current && back?.isConnected) {
              back.focus();
              return;
            }
            focusHeadingRef.current = false;
            const heading = document.getElementById('dashboard-screen-title');
            if (heading) {
              heading.setAttribute('tabindex', '-1');
              heading.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold text-gray-900">Cancel this booking?</Dialog.Title>
          <Dialog.Description className="mt-2 text-gray-800">
            Do you want to delete <strong>{target?.title}</strong>
            {target && (
              <>
                {' '}
                ({formatDay(target.from)} – {formatDay(target.to)})
              </>
            )}
            ? The dates become free again.
          </Dialog.Description>
          <div aria-live="polite" className="mt-3">
            {quote.isPending && (
              <p role="status" className="text-gray-700">
                Working out your refund…
              </p>
            )}
            {quote.isError && (
              <p role="alert" className="text-red-800">
                Your refund could not be worked out: {errorText(quote.error)}{' '}
                <button type="button" className="font-semibold underline" onClick={() => void quote.refetch()}>
                  Try again
                </button>
              </p>
            )}
            {quote.data && (
              <p data-testid="refund-amount" className="rounded-md bg-gray-50 p-3 font-semibold text-gray-900">
                {refundSentence(quote.data, payer)}
              </p>
            )}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <button type="button" disabled={pending} className={secondaryButtonClass}>
                No
              </button>
            </Dialog.Close>
            <button
              type="button"
              // Yes only once the guest can see what they get back.
              disabled={pending || !quote.data}
              aria-busy={pending || undefined}
              onClick={() => target && onConfirm(target)}
              className={`${primaryButtonClass} bg-red-700 hover:bg-red-800`}
            >
              Yes
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
