/**
 * The app's modal dialogs, on Radix Dialog (focus trap, Escape, focus back on close).
 * `DialogFrame` is the centred box with its title and description; `ConfirmDialog` adds the
 * "are you sure" pattern: optional fields, the server's refusal, a Cancel and a confirm button.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { useReturnFocus } from './return-focus';

export interface DialogFrameProps {
  open: boolean;
  /** Asked to close (Escape, the overlay, a Close button); ignored while `busy`. */
  onClose: () => void;
  busy?: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** `md` for a question, `lg` for one with a longer text or a form. */
  size?: 'md' | 'lg';
  /**
   * Where the focus goes on close. Without it (or when it does not `preventDefault`), the focus
   * returns to what had it when the dialog opened: our dialogs are opened by a row's own button,
   * not a Radix Trigger, which Radix alone would give it back to.
   */
  onCloseAutoFocus?: (event: Event) => void;
  children?: ReactNode;
}

export function DialogFrame({
  open,
  onClose,
  busy = false,
  title,
  description,
  size = 'md',
  onCloseAutoFocus,
  children,
}: DialogFrameProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            returnFocus(event);
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none ${size === 'lg' ? 'max-w-xl' : 'max-w-md'}`}
        >
          <Dialog.Title className="text-xl font-bold text-gray-900">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-2 text-gray-800">{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's own Close, as a secondary button (e.g. "Cancel"). */
export function DialogCancel({
  label,
  disabled,
  className,
}: {
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Dialog.Close asChild>
      <Button variant="secondary" disabled={disabled} className={className}>
        {label}
      </Button>
    </Dialog.Close>
  );
}

export interface ConfirmDialogProps extends Omit<DialogFrameProps, 'children'> {
  /** Runs on the confirm button (the dialog is a form: Enter in a field confirms too). */
  onConfirm: (event: FormEvent<HTMLFormElement>) => void;
  confirmLabel: string;
  /** The confirm button's text while `busy` (e.g. "Deleting…"); the same label otherwise. */
  busyLabel?: string;
  cancelLabel?: string;
  /** E.g. until the dialog knows what confirming will do. */
  confirmDisabled?: boolean;
  /** The server's refusal, shown above the buttons. */
  error?: ReactNode;
  /** Fields or facts between the description and the buttons. */
  children?: ReactNode;
}

export function ConfirmDialog({
  onConfirm,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  confirmDisabled = false,
  error,
  children,
  ...frame
}: ConfirmDialogProps) {
  const busy = frame.busy ?? false;
  return (
    <DialogFrame {...frame}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && !confirmDisabled) onConfirm(event);
        }}
      >
        {children}
        <FormAlert className="mt-4">{error}</FormAlert>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <DialogCancel label={cancelLabel} disabled={busy} />
          <Button type="submit" variant="danger" busy={busy} disabled={confirmDisabled}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
