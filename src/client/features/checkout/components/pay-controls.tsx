import type { Ref } from 'react';
import { REQUEST_TO_BOOK_BUTTON } from '#shared/booking-requests';
import { TEXTS } from '#shared/texts';
import { Icon } from '#client/components/ui/icon';
import { Button } from '#client/components/ui/button';

export interface CardFormProps {
  /** The payment's secret; null until the server has answered (Pay stays disabled). */
  clientSecret: string | null;
  /** Billing details sent with the confirmation (the signed-in user). */
  billing: { name: string; email: string };
  /** The total being paid, shown next to the button. */
  amountLabel: string | null;
  /**
   * Called once the provider says the payment succeeded. Resolves true when the
   * checkout is done (the page navigates away: Pay stays disabled), false to let
   * the guest try again.
   */
  onPaid: (paymentIntentId: string) => Promise<boolean>;
  /** Runs just before the card is charged (the checkout keeps the note to the host with the hold). */
  beforePay?: () => Promise<void>;
  /** A request to book (ADR 0050): the card is only authorised; the button reads "Request to book". */
  request?: boolean;
}

export const CARD_ERROR_ID = 'checkout-card-error';

/** The card provider's message, in red under the form. */
export function CardError({ message }: { message: string | null }) {
  return (
    <div aria-live="assertive" className="mt-3 min-h-6">
      {message && (
        <p id={CARD_ERROR_ID} role="alert" className="font-medium text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}

/** "Pay": disabled until the secret has arrived and while a payment runs. */
export function PayButton({
  ref,
  disabled,
  paying,
  waiting,
  amountLabel,
  request = false,
}: {
  ref?: Ref<HTMLButtonElement>;
  disabled: boolean;
  paying: boolean;
  waiting: boolean;
  amountLabel: string | null;
  request?: boolean;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
      <Button
        ref={ref}
        type="submit"
        disabled={disabled}
        aria-busy={paying || undefined}
        aria-describedby="checkout-pay-status"
        className="min-w-32 px-8"
      >
        {paying && <Icon name="spinner" size={16} className="h-4 w-4 animate-spin" />}
        {request ? REQUEST_TO_BOOK_BUTTON : TEXTS.pay}
      </Button>
      <p id="checkout-pay-status" role="status" className="text-sm text-gray-700">
        {paying
          ? 'Processing your payment…'
          : waiting
            ? 'Preparing your payment…'
            : amountLabel
              ? request
                ? `${amountLabel} held on your card, charged only if the host accepts`
                : `You pay ${amountLabel}`
              : ''}
      </p>
    </div>
  );
}
