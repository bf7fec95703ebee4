import { useLayoutEffect, useRef } from 'react';

/**
 * `onCloseAutoFocus` for a Radix dialog opened by a button that is not its `Dialog.Trigger` (a
 * row's own button): Radix gives the focus back to the Trigger only, so without one the focus
 * fell to the page and a keyboard user started again at the top. This remembers what had the
 * focus when the dialog opened and gives it back, if it is still on the page. A handler that
 * moved the focus elsewhere first (after a delete, say) calls `preventDefault` and wins.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's own focus moves into it (a passive effect).
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (event) => {
    const element = opener.current;
    if (event.defaultPrevented || !element?.isConnected) return;
    event.preventDefault();
    element.focus();
  };
}
