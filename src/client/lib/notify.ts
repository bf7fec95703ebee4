/**
 * A toast from code on the first load of `/` (the header, the wishlist hearts). The toast library
 * is fetched when the first notice is shown, not with the page (ADR 0025); pages outside the first
 * load import react-hot-toast directly.
 */
export function notify(kind: 'success' | 'error', text: string): void {
  void import('react-hot-toast').then(({ default: toast }) => toast[kind](text));
}
