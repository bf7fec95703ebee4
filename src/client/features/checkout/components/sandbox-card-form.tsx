/**
 * StayHub's own card form for the sandbox provider (the card provider's test mode
 * run by StayHub): number, expiry, CVC and name on card. It only checks that the
 * fields are complete; the provider (the server) decides whether the card pays.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { TextField } from '#client/components/ui/form-field';
import {
  caretAfterDigits,
  cardDigits,
  cvcDigits,
  digitsBefore,
  fieldOfCardError,
  formatCardNumber,
  formatExpiryInput,
  incompleteCard,
  parseExpiry,
  type CardField,
} from '../lib/card';
import { confirmSandboxCard } from '../lib/checkout-api';
import { canPay } from '../lib/steps';
import { CARD_ERROR_ID, CardError, PayButton, type CardFormProps } from './pay-controls';

interface Problem {
  field: CardField | null;
  message: string;
}

export function SandboxCardForm({ clientSecret, billing, amountLabel, onPaid, beforePay, request }: CardFormProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState(billing.name);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);

  // After a refused payment, a keyboard user whose focus was lost (Pay was disabled
  // while it ran) continues at the field in error, else at Pay.
  useEffect(() => {
    if (!problem || paying) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const fields = { number: numberRef, expiry: expiryRef, cvc: cvcRef, name: nameRef };
    (problem.field ? fields[problem.field].current : payRef.current)?.focus();
  }, [problem, paying]);

  function onNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const caret = input.selectionStart ?? input.value.length;
    const before = digitsBefore(input.value, caret);
    const formatted = formatCardNumber(input.value);
    setNumber(formatted);
    if (problem?.field === 'number' || problem?.field === null) setProblem(null);
    // Keep the caret after the same digit once the spaces have moved.
    requestAnimationFrame(() => {
      if (document.activeElement !== input) return;
      const at = caretAfterDigits(formatted, Math.min(before, cardDigits(formatted).length));
      input.setSelectionRange(at, at);
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canPay({ clientSecret, paying }) || !clientSecret) return;
    const incomplete = incompleteCard({ number, expiry, cvc, name });
    if (incomplete) {
      setProblem(incomplete);
      ({ number: numberRef, expiry: expiryRef, cvc: cvcRef, name: nameRef })[incomplete.field].current?.focus();
      return;
    }
    const exp = parseExpiry(expiry)!;
    setProblem(null);
    setPaying(true);
    let done = false;
    try {
      await beforePay?.();
      const result = await confirmSandboxCard({
        clientSecret,
        card: {
          number: cardDigits(number),
          expMonth: exp.month,
          expYear: exp.year,
          cvc: cvcDigits(cvc),
          name: name.trim(),
        },
        billing: { name: name.trim() || billing.name, email: billing.email },
      });
      if (!result.ok) {
        setProblem({ field: fieldOfCardError(result.code), message: result.message });
        return;
      }
      done = await onPaid(result.paymentIntentId);
    } catch (error) {
      setProblem({
        field: null,
        message: error instanceof Error ? error.message : 'The payment could not be completed.',
      });
    } finally {
      if (!done) setPaying(false);
    }
  }

  // The card's one message shows under the form (CardError); the field it is about points at it.
  const errorLink = (field: CardField) =>
    problem?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': CARD_ERROR_ID }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-legend`}>
      <fieldset className="rounded-xl border border-gray-300 p-4">
        <legend id={`${id}-legend`} className="px-1 font-semibold text-gray-900">
          Card details
        </legend>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            ref={numberRef}
            className="col-span-2"
            label="Card number"
            name="cardnumber"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={onNumberChange}
            {...errorLink('number')}
            inputClassName="font-mono tracking-wide"
          />
          <TextField
            ref={expiryRef}
            label={
              <>
                Expiry <span className="font-normal text-gray-700">(MM/YY)</span>
              </>
            }
            name="exp-date"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            value={expiry}
            onChange={(e) => {
              setExpiry((previous) => formatExpiryInput(e.target.value, previous));
              if (problem?.field === 'expiry' || problem?.field === null) setProblem(null);
            }}
            {...errorLink('expiry')}
            inputClassName="font-mono"
          />
          <TextField
            ref={cvcRef}
            label="CVC"
            name="cvc"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(e) => {
              setCvc(cvcDigits(e.target.value));
              if (problem?.field === 'cvc' || problem?.field === null) setProblem(null);
            }}
            {...errorLink('cvc')}
            inputClassName="font-mono"
          />
          <TextField
            ref={nameRef}
            className="col-span-2"
            label="Name on card"
            name="ccname"
            type="text"
            autoComplete="cc-name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (problem?.field === 'name') setProblem(null);
            }}
            {...errorLink('name')}
          />
        </div>
      </fieldset>
      <CardError message={problem?.message ?? null} />
      <PayButton
        ref={payRef}
        disabled={!canPay({ clientSecret, paying })}
        paying={paying}
        waiting={!clientSecret}
        amountLabel={amountLabel}
        request={request}
      />
    </form>
  );
}
