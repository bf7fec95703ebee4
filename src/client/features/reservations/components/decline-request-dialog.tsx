/**
 * The host's "Decline this request?" dialog: names the guest, home and dates, says the card is not
 * charged, and takes an optional message the guest reads (the server's own rules: plain text, at
 * most 1000 characters). A failure shows in the dialog and keeps the message typed.
 */
import { declineRequestSchema } from '#shared/schemas/bookings';
import { formatDay } from '#shared/dates';
import { ReasonDialog, type ReservationDialogProps } from './reason-dialog';

export function DeclineRequestDialog({ onConfirm, ...props }: ReservationDialogProps<string | undefined>) {
  return (
    <ReasonDialog
      {...props}
      // An empty message is no message.
      onConfirm={(message) => onConfirm(message || undefined)}
      title="Decline this request?"
      description={(target) => (
        <>
          <strong>{target.guestName}</strong>&apos;s request for <strong>{target.homeTitle}</strong>,{' '}
          {formatDay(target.from)} – {formatDay(target.to)}. The guest&apos;s card is not charged and the nights become
          free again.
        </>
      )}
      cancelLabel="Keep request"
      confirmLabel="Decline request"
      busyLabel="Declining…"
      field={{
        label: 'Message for the guest (optional)',
        hint: 'The guest reads this in the email saying you declined.',
      }}
      // The typed text (maybe empty) by the server's rules for a message that is there.
      schema={declineRequestSchema.shape.message.unwrap()}
    />
  );
}
