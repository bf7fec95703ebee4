/**
 * Asks before lifting a suspension, naming the user, with the note the audit log keeps (required,
 * as for every moderation action): they can sign in again and the homes the suspension unlisted
 * are listed again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { MODERATION_NOTE_MAX, moderationNoteSchema } from '#shared/schemas/moderation';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { TextAreaField } from '#client/components/ui/form-field';

interface LiftSuspensionDialogProps {
  /** The suspended user's email; the dialog is open while it is set. */
  email: string | null;
  busy: boolean;
  /** The server's refusal, if any. */
  error: string | null;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

export function LiftSuspensionDialog({ email, busy, error, onConfirm, onCancel }: LiftSuspensionDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(moderationNoteSchema), defaultValues: { note: '' } });
  // Each user starts with an empty note.
  useEffect(() => reset({ note: '' }), [email, reset]);
  return (
    <ConfirmDialog
      open={email !== null}
      onClose={onCancel}
      busy={busy}
      title="Lift this suspension?"
      description={
        <>
          <strong className="break-all font-semibold">{email}</strong> can sign in again, and the homes the suspension
          unlisted are listed again. Homes unlisted for a report stay unlisted.
        </>
      }
      error={error}
      confirmLabel="Yes, lift it"
      busyLabel="Lifting…"
      onConfirm={(event) => void handleSubmit((values) => onConfirm(values.note))(event)}
    >
      <TextAreaField
        className="mt-4"
        label="Note (required)"
        hint="Kept in the audit log: why the suspension ends."
        rows={3}
        maxLength={MODERATION_NOTE_MAX}
        error={errors.note?.message}
        {...register('note')}
      />
    </ConfirmDialog>
  );
}
