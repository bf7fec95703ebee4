/**
 * The host's "Cancel reservation" dialog: names the guest, home and dates, says the guest is
 * refunded in full, and asks for the reason the guest will read. A failure shows in the dialog
 * and keeps the reason typed.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { CANCEL_REASON_MAX, type Reservation } from '#shared/schemas/reservations';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import {
  FieldError,
  FormAlert,
  describedBy,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '#client/components/ui/form-field';

export interface CancelReservationDialogProps {
  target: Reservation | null;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** The reason form; keyed by the reservation, so each one starts with an empty reason. */
function ReasonForm({
  pending,
  error,
  onConfirm,
}: Pick<CancelReservationDialogProps, 'pending' | 'error' | 'onConfirm'>) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4">
      <FormAlert message={error} />
      <label htmlFor={`${id}-reason`} className="mt-2 block font-semibold text-gray-900">
        Reason for the guest <span aria-hidden="true">*</span>
        <span className="sr-only">(required)</span>
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        maxLength={CANCEL_REASON_MAX}
        rows={4}
        required
        aria-invalid={missing || undefined}
        aria-describedby={describedBy(`${id}-hint`, missing && `${id}-error`)}
        onChange={(event) => {
          setReason(event.target.value);
          if (event.target.value.trim()) setMissing(false);
        }}
        className={`${inputClass} mt-1`}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
        The guest reads this in the cancellation email.
      </p>
      <FieldError id={`${id}-error`}>{missing ? 'Say why you cancel: the guest reads it.' : undefined}</FieldError>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <button type="button" disabled={pending} className={secondaryButtonClass}>
            Keep reservation
          </button>
        </Dialog.Close>
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className={`${primaryButtonClass} bg-red-700 hover:bg-red-800`}
        >
          {pending ? 'Cancelling…' : 'Cancel reservation'}
        </button>
      </div>
    </form>
  );
}

export function CancelReservationDialog({
  target,
  pending,
  error,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: CancelReservationDialogProps) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold text-gray-900">Cancel this reservation?</Dialog.Title>
          {target && (
            <Dialog.Description className="mt-2 text-gray-800">
              <strong>{target.guestName}</strong>&apos;s stay at <strong>{target.homeTitle}</strong>,{' '}
              {formatDay(target.from)} – {formatDay(target.to)}. The guest is refunded in full (
              {formatCents(target.amountCents)}) and gets an email with your reason. The nights become free again.
            </Dialog.Description>
          )}
          <ReasonForm key={target?.id ?? 'none'} pending={pending} error={error} onConfirm={onConfirm} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
