import * as Dialog from '@radix-ui/react-dialog';
import type { Home } from '#shared/schemas/homes';
import { secondaryButtonClass } from '#client/components/ui/form-field';
import { useReturnFocus } from '#client/components/ui/return-focus';

export interface DeleteHomeDialogProps {
  /** The home to delete; the dialog is open while it is set. */
  home: Home | null;
  busy: boolean;
  /** The server's refusal (e.g. 409: the home has upcoming bookings). */
  error: string | null;
  onConfirm: (home: Home) => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes after a delete (the row's button is gone). */
  onClosedAfterDelete?: () => boolean;
}

/** Asks before deleting, naming the home. */
export function DeleteHomeDialog({
  home,
  busy,
  error,
  onConfirm,
  onCancel,
  onClosedAfterDelete,
}: DeleteHomeDialogProps) {
  const returnFocus = useReturnFocus(home !== null);
  return (
    <Dialog.Root
      open={home !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            if (onClosedAfterDelete?.()) event.preventDefault();
            else returnFocus(event);
          }}
        >
          <Dialog.Title className="text-xl font-bold text-gray-900">Delete this home?</Dialog.Title>
          <Dialog.Description className="mt-2 text-gray-800">
            Do you want to delete <strong className="font-semibold">{home?.title}</strong>
            {home?.location ? ` in ${home.location}` : ''}? It will no longer be listed. This cannot be undone.
          </Dialog.Description>
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
              type="button"
              disabled={busy || home === null}
              onClick={() => home && onConfirm(home)}
              className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70"
            >
              {busy ? 'Deleting…' : 'Yes, delete'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
