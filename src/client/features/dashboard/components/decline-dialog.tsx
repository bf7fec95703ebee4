/**
 * Asks before declining a host request, naming the user, with an optional reason
 * that goes into the mail the user receives.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { DECISION_REASON_MAX } from '#shared/schemas/users';
import { inputClass, secondaryButtonClass } from '#client/components/ui/form-field';
import { useReturnFocus } from '#client/components/ui/return-focus';

export interface DeclineDialogProps {
  /** The requester's email; the dialog is open while it is set. */
  email: string | null;
  busy: boolean;
  /** The server's refusal, if any. */
  error: string | null;
  onConfirm: (email: string, reason: string) => void;
  onCancel: () => void;
}

function DeclineForm({
  email,
  busy,
  error,
  onConfirm,
}: Omit<DeclineDialogProps, 'email' | 'onCancel'> & { email: string }) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(email, reason.trim());
      }}
    >
      <Dialog.Title className="text-xl font-bold text-gray-900">Decline this host request?</Dialog.Title>
      <Dialog.Description className="mt-2 text-gray-800">
        <strong className="break-all font-semibold">{email}</strong> stays a guest and gets a mail saying the request
        was declined. They are signed out and can send a new request.
      </Dialog.Description>
      <div className="mt-4">
        <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-semibold text-gray-900">
          Reason (optional)
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={DECISION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          Sent to the user in the mail, e.g. what to fix before asking again.
        </p>
      </div>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <button type="button" className={secondaryButtonClass} disabled={busy}>
            Cancel
          </button>
        </Dialog.Close>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {busy ? 'Declining…' : 'Yes, decline'}
        </button>
      </div>
    </form>
  );
}

export function DeclineDialog({ email, busy, error, onConfirm, onCancel }: DeclineDialogProps) {
  const returnFocus = useReturnFocus(email !== null);
  return (
    <Dialog.Root
      open={email !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          {email && <DeclineForm key={email} email={email} busy={busy} error={error} onConfirm={onConfirm} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
