/**
 * The host's "Decline this request?" dialog: names the guest, home and dates, says the card is not
 * charged, and takes an optional message the guest reads (the server's own rules: plain text, at
 * most 1000 characters). A failure shows in the dialog and keeps the message typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { declineRequestSchema } from '#shared/schemas/bookings';
import type { Reservation } from '#shared/schemas/reservations';
import { formatDay } from '#shared/dates';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { TextAreaField } from '#client/components/ui/form-field';

type Input = z.input<typeof declineRequestSchema>;
type Values = z.output<typeof declineRequestSchema>;

export interface DeclineRequestDialogProps {
  target: Reservation | null;
  pending: boolean;
  error: string | null;
  onConfirm: (message: string | undefined) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

export function DeclineRequestDialog({
  target,
  pending,
  error,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: DeclineRequestDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(declineRequestSchema), defaultValues: { message: '' } });
  // Each request starts with an empty message.
  useEffect(() => reset({ message: '' }), [target?.id, reset]);
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      busy={pending}
      size="lg"
      onCloseAutoFocus={onCloseAutoFocus}
      title="Decline this request?"
      description={
        target && (
          <>
            <strong>{target.guestName}</strong>&apos;s request for <strong>{target.homeTitle}</strong>,{' '}
            {formatDay(target.from)} – {formatDay(target.to)}. The guest&apos;s card is not charged and the nights
            become free again.
          </>
        )
      }
      error={error}
      cancelLabel="Keep request"
      confirmLabel="Decline request"
      busyLabel="Declining…"
      onConfirm={(event) => void handleSubmit((values) => onConfirm(values.message || undefined))(event)}
    >
      <TextAreaField
        className="mt-4"
        label="Message for the guest (optional)"
        hint="The guest reads this in the email saying you declined."
        rows={4}
        error={errors.message?.message}
        {...register('message')}
      />
    </ConfirmDialog>
  );
}
