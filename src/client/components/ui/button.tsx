/**
 * The app's buttons: one look per variant, `buttonClass` for a link that looks like a button.
 * `busy` disables the button and marks it aria-busy while its action runs.
 */
import type { ButtonHTMLAttributes, Ref } from 'react';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

const VARIANTS = {
  primary: 'bg-rose-700 text-white shadow-sm hover:bg-rose-800',
  secondary: 'border border-gray-400 bg-white text-gray-900 hover:bg-gray-50',
  /** An action that cannot be undone (delete, cancel a stay, decline). */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return `${BASE} ${VARIANTS[variant]}${className ? ` ${className}` : ''}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', busy = false, className, disabled, type, ref, ...rest }: ButtonProps) {
  return (
    <button
      ref={ref}
      // A button submits only when it says so: most of ours act on a click.
      type={type ?? 'button'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass(variant, className)}
      {...rest}
    />
  );
}
