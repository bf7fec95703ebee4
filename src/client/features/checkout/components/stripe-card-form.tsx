/**
 * The card form for the `stripe` provider: Stripe.js from js.stripe.com (never
 * bundled; this module is its own lazy chunk), its card element, and
 * confirmCardPayment(clientSecret, { payment_method: { card, billing_details } }).
 * The server still checks the intent with Stripe before it confirms the booking.
 *
 * Not exercised by the offline tests: js.stripe.com is not reachable here.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { canPay } from '../lib/steps';
import { CardError, PayButton, type CardFormProps } from './pay-controls';

interface StripeError {
  message?: string;
  code?: string;
}
interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  focus(): void;
  on(event: 'change', handler: (event: { error?: StripeError; complete: boolean }) => void): void;
}
interface StripeInstance {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: { name: string; email: string } } },
  ): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeInstance;

const STRIPE_JS = 'https://js.stripe.com/v3/';
let stripeJs: Promise<StripeFactory> | null = null;

/** Adds Stripe's script once per page; a failed load may be tried again. */
function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  stripeJs ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('The card form did not start.'));
    };
    script.onerror = () => {
      stripeJs = null;
      script.remove();
      reject(new Error('The card form could not be loaded. Check your connection and reload the page.'));
    };
    document.head.append(script);
  });
  return stripeJs;
}

export function StripeCardForm({
  publishableKey,
  clientSecret,
  billing,
  amountLabel,
  onPaid,
  beforePay,
}: CardFormProps & { publishableKey: string }) {
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ instance: StripeInstance; card: StripeCardElement } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeJs().then(
      (factory) => {
        if (cancelled || !mountRef.current) return;
        const instance = factory(publishableKey);
        card = instance.elements().create('card', {
          hidePostalCode: true,
          style: { base: { fontSize: '16px', color: '#111827' }, invalid: { color: '#b91c1c' } },
        });
        card.mount(mountRef.current);
        card.on('change', (event) => setMessage(event.error?.message ?? null));
        setStripe({ instance, card });
      },
      (error: Error) => {
        if (!cancelled) setMessage(error.message);
      },
    );
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !clientSecret || !canPay({ clientSecret, paying })) return;
    setPaying(true);
    setMessage(null);
    let done = false;
    try {
      await beforePay?.();
      const result = await stripe.instance.confirmCardPayment(clientSecret, {
        payment_method: { card: stripe.card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error) {
        setMessage(result.error.message ?? 'Your card could not be charged.');
      } else if (result.paymentIntent?.status === 'succeeded' || result.paymentIntent?.status === 'requires_capture') {
        // requires_capture: a booking request's card is authorised, charged only if the host accepts.
        done = await onPaid(result.paymentIntent.id);
      } else {
        setMessage('The payment was not completed. Please try again.');
      }
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The payment could not be completed.');
    } finally {
      if (!done) setPaying(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="rounded-xl border border-gray-300 p-4">
        <p id={`${id}-label`} className="mb-2 font-semibold text-gray-900">
          Card details
        </p>
        <div
          ref={mountRef}
          role="group"
          aria-labelledby={`${id}-label`}
          className="min-h-11 rounded-md border border-gray-400 bg-white px-3 py-3"
        />
        {!stripe && !message && <p className="mt-2 text-sm text-gray-700">Loading the card form…</p>}
      </div>
      <CardError message={message} />
      <PayButton
        disabled={!stripe || !canPay({ clientSecret, paying })}
        paying={paying}
        waiting={!clientSecret || !stripe}
        amountLabel={amountLabel}
      />
    </form>
  );
}
