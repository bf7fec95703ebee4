/**
 * The "Cancle" confirm dialog. Before Yes, it shows what the server says
 * cancelling now gives back (GET /api/bookings/:id/cancellation): the booking's
 * policy decides a guest's refund, so the guest sees the amount first.
 */
import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { POLICY_LABELS } from '#shared/cancellation';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import type { Booking, CancellationQuote } from '#shared/schemas/bookings';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      busy={pending}
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
      title="Cancel this booking?"
      description={
        <>
          Do you want to delete <strong>{target?.title}</strong>
          {target && (
            <>
              {' '}
              ({formatDay(target.from)} – {formatDay(target.to)})
            </>
          )}
          ? The dates become free again.
        </>
      }
      cancelLabel="No"
      confirmLabel="Yes"
      // Yes only once the guest can see what they get back.
      confirmDisabled={!quote.data}
      onConfirm={() => target && onConfirm(target)}
    >
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
    </ConfirmDialog>
  );
}
