/**
 * Asks before declining a host request, naming the user, with an optional reason
 * that goes into the mail the user receives.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DECISION_REASON_MAX, decisionReasonSchema } from '#shared/schemas/users';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { TextAreaField } from '#client/components/ui/form-field';

export interface DeclineDialogProps {
  /** The requester's email; the dialog is open while it is set. */
  email: string | null;
  busy: boolean;
  /** The server's refusal, if any. */
  error: string | null;
  onConfirm: (email: string, reason: string) => void;
  onCancel: () => void;
}

const declineFormSchema = z.object({ reason: decisionReasonSchema });
type Input = z.input<typeof declineFormSchema>;
type Values = z.output<typeof declineFormSchema>;

export function DeclineDialog({ email, busy, error, onConfirm, onCancel }: DeclineDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Values>({ resolver: zodResolver(declineFormSchema), defaultValues: { reason: '' } });
  // Each request starts with an empty reason.
  useEffect(() => reset({ reason: '' }), [email, reset]);
  return (
    <ConfirmDialog
      open={email !== null}
      onClose={onCancel}
      busy={busy}
      title="Decline this host request?"
      description={
        <>
          <strong className="break-all font-semibold">{email}</strong> stays a guest and gets a mail saying the request
          was declined. They are signed out and can send a new request.
        </>
      }
      error={error}
      confirmLabel="Yes, decline"
      busyLabel="Declining…"
      onConfirm={(event) => void handleSubmit((values) => email && onConfirm(email, values.reason))(event)}
    >
      <TextAreaField
        className="mt-4"
        label="Reason (optional)"
        hint="Sent to the user in the mail, e.g. what to fix before asking again."
        rows={3}
        maxLength={DECISION_REASON_MAX}
        error={errors.reason?.message}
        {...register('reason')}
      />
    </ConfirmDialog>
  );
}
