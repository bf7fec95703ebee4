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
import { Icon } from './icon';

export const inputClass =
  'block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus:border-rose-700 aria-invalid:border-red-700 disabled:bg-gray-100';

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

/**
 * A reason or a note a person writes for someone else (a host's cancellation reason, a decline
 * message, a damage claim): four rows, at most `maxLength` characters, and when `isRequired` a
 * marked label, "(required)" for screen readers and aria-required. One component, so these
 * dialogs read and behave alike.
 */
export function ReasonField({
  label,
  isRequired = false,
  rows = 4,
  ...textarea
}: Omit<TextAreaFieldProps, 'label'> & { label: string; isRequired?: boolean }) {
  return (
    <TextAreaField
      label={
        isRequired ? (
          <>
            {required(label)}
            <span className="sr-only">(required)</span>
          </>
        ) : (
          label
        )
      }
      rows={rows}
      aria-required={isRequired || undefined}
      {...textarea}
    />
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
          <Icon name="eye" size={18} on={visible} />
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
