/**
 * Labelled form inputs. Every input has a visible label; its hint and error are
 * linked with aria-describedby, and aria-invalid is set while an error shows.
 * They take React Hook Form's `register(...)` spread (ref included).
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export const inputClass =
  'block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus:border-rose-700 aria-invalid:border-red-700 disabled:bg-gray-100';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-rose-700 px-4 py-2.5 font-semibold text-white shadow-sm ' +
  'transition-colors hover:bg-rose-800 disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-400 bg-white px-4 py-2.5 font-semibold text-gray-900 ' +
  'transition-colors hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-70';

export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(' ') : undefined;
}

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A masked password input with a Show password toggle (aria-pressed). */
export function PasswordField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          className={`${inputClass} pr-20`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
          {...input}
          type={visible ? 'text' : 'password'}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={id}
          aria-label="Show password"
          onClick={() => setVisible((v) => !v)}
          title={visible ? 'Hide password' : 'Show password'}
          className="absolute inset-y-1 right-1 inline-flex items-center gap-1 rounded px-2 text-sm font-semibold text-rose-800 hover:bg-rose-50 aria-pressed:bg-rose-100"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
          <span aria-hidden="true">Show</span>
        </button>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
