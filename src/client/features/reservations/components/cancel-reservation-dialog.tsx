/**
 * The host's "Cancel reservation" dialog: names the guest, home and dates, says the guest is
 * refunded in full, and asks for the reason the guest will read. A failure shows in the dialog
 * and keeps the reason typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CANCEL_REASON_MAX, hostCancelRequestSchema, type Reservation } from '#shared/schemas/reservations';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { TextAreaField, required } from '#client/components/ui/form-field';

export interface CancelReservationDialogProps {
  target: Reservation | null;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** The host's words for a missing reason first, then the server's own rules (length, plain text). */
const reasonFormSchema = z
  .object({ reason: z.string().trim().min(1, 'Say why you cancel: the guest reads it.') })
  .pipe(hostCancelRequestSchema);
type Input = z.input<typeof reasonFormSchema>;
type Values = z.output<typeof reasonFormSchema>;

export function CancelReservationDialog({
  target,
  pending,
  error,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: CancelReservationDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(reasonFormSchema), defaultValues: { reason: '' } });
  // Each reservation starts with an empty reason.
  useEffect(() => reset({ reason: '' }), [target?.id, reset]);
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      busy={pending}
      size="lg"
      onCloseAutoFocus={onCloseAutoFocus}
      title="Cancel this reservation?"
      description={
        target && (
          <>
            <strong>{target.guestName}</strong>&apos;s stay at <strong>{target.homeTitle}</strong>,{' '}
            {formatDay(target.from)} – {formatDay(target.to)}. The guest is refunded in full (
            {formatCents(target.amountCents)}) and gets an email with your reason. The nights become free again.
          </>
        )
      }
      error={error}
      cancelLabel="Keep reservation"
      confirmLabel="Cancel reservation"
      busyLabel="Cancelling…"
      onConfirm={(event) => void handleSubmit((values) => onConfirm(values.reason))(event)}
    >
      <TextAreaField
        className="mt-4"
        label={
          <>
            {required('Reason for the guest')}
            <span className="sr-only">(required)</span>
          </>
        }
        hint="The guest reads this in the cancellation email."
        rows={4}
        maxLength={CANCEL_REASON_MAX}
        aria-required
        error={errors.reason?.message}
        {...register('reason')}
      />
    </ConfirmDialog>
  );
}
