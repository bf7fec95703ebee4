/**
 * Labelled form inputs. Every input has a visible label; its hint and error are
 * linked with aria-describedby, and aria-invalid is set while an error shows.
 * They take React Hook Form's `register(...)` spread (ref included).
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';

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

/** The ids of a labelled control and of its hint and error, with the attributes that link them. */
function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint ? hintId : null, error ? errorId : null),
  };
  return { id, hintId, errorId, control };
}

/** A control's frame: its label above, its hint and error below. */
function FieldFrame({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className="mb-1 block text-sm font-semibold text-gray-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
  /** Classes added to the input's own (`className` styles the field's frame). */
  inputClassName?: string;
}

/**
 * A labelled input. `aria-invalid` / `aria-describedby` given as props replace the
 * field's own (for an error shown elsewhere, e.g. one message under a group).
 */
export function TextField({ label, error, hint, className, inputClassName, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        className={inputClassName ? `${inputClass} ${inputClassName}` : inputClass}
        {...ids.control}
        {...input}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea, like TextField. */
export function TextAreaField({ label, error, hint, className, ref, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea ref={ref} className={inputClass} {...ids.control} {...textarea} />
    </FieldFrame>
  );
}

/** A masked password input with a Show password toggle (aria-pressed). */
export function PasswordField({ label, error, hint, className, inputClassName, ref, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          className={`${inputClass} pr-20 ${inputClassName ?? ''}`}
          {...ids.control}
          {...input}
          type={visible ? 'text' : 'password'}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={ids.id}
          aria-label="Show password"
          onClick={() => setVisible((v) => !v)}
          title={visible ? 'Hide password' : 'Show password'}
          className="absolute inset-y-1 right-1 inline-flex items-center gap-1 rounded px-2 text-sm font-semibold text-rose-800 hover:bg-rose-50 aria-pressed:bg-rose-100"
        >
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
          <span aria-hidden="true">Show</span>
        </button>
      </div>
    </FieldFrame>
  );
}

/** Attributes of the numeric inputs: a number keyboard on phones, whole numbers for counts. */
export const moneyInput = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0.01' } as const;
export const countInput = (min: number, max: number) =>
  ({ type: 'number', inputMode: 'numeric', step: '1', min, max }) as const;

/** A required field's label: the name and an asterisk that screen readers skip (the input is aria-required). */
export function required(label: string): ReactNode {
  return (
    <>
      {label}{' '}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
    </>
  );
}

/** A form-level failure (e.g. the server's message), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}
