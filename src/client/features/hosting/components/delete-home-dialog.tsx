import type { Home } from '#shared/schemas/homes';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';

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
  return (
    <ConfirmDialog
      open={home !== null}
      onClose={onCancel}
      busy={busy}
      onCloseAutoFocus={(event) => {
        if (onClosedAfterDelete?.()) event.preventDefault();
      }}
      title="Delete this home?"
      description={
        <>
          Do you want to delete <strong className="font-semibold">{home?.title}</strong>
          {home?.location ? ` in ${home.location}` : ''}? It will no longer be listed. This cannot be undone.
        </>
      }
      error={error}
      confirmLabel="Yes, delete"
      busyLabel="Deleting…"
      confirmDisabled={home === null}
      onConfirm={() => home && onConfirm(home)}
    />
  );
}
