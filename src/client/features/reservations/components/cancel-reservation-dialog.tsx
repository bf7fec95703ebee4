/**
 * The host's "Cancel reservation" dialog: names the guest, home and dates, says the guest is
 * refunded in full, and asks for the reason the guest will read. A failure shows in the dialog
 * and keeps the reason typed.
 */
import { z } from 'zod';
import { CANCEL_REASON_MAX, hostCancelRequestSchema } from '#shared/schemas/reservations';
import { formatDay } from '#shared/dates';
import { formatCents } from '#shared/money';
import { ReasonDialog, type ReservationDialogProps } from './reason-dialog';

/** The host's words for a missing reason first, then the server's own rules (length, plain text). */
const reasonSchema = z
  .string()
  .trim()
  .min(1, 'Say why you cancel: the guest reads it.')
  .pipe(hostCancelRequestSchema.shape.reason);

export function CancelReservationDialog(props: ReservationDialogProps<string>) {
  return (
    <ReasonDialog
      {...props}
      title="Cancel this reservation?"
      description={(target) => (
        <>
          <strong>{target.guestName}</strong>&apos;s stay at <strong>{target.homeTitle}</strong>,{' '}
          {formatDay(target.from)} – {formatDay(target.to)}. The guest is refunded in full (
          {formatCents(target.amountCents)}) and gets an email with your reason. The nights become free again.
        </>
      )}
      cancelLabel="Keep reservation"
      confirmLabel="Cancel reservation"
      busyLabel="Cancelling…"
      field={{
        label: 'Reason for the guest',
        hint: 'The guest reads this in the cancellation email.',
        required: true,
        maxLength: CANCEL_REASON_MAX,
      }}
      schema={reasonSchema}
    />
  );
}
