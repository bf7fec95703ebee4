import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldError, inputClass } from '../../../components/ui/form-field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea; hint and error linked with aria-describedby (like TextField). */
export function TextAreaField({ label, error, hint, className, ref, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
        {...textarea}
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

/** The form-level failure (the server's message), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}

/** Attributes of the numeric inputs: a number keyboard on phones, whole numbers for counts. */
export const moneyInput = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0.01' } as const;
export const countInput = (min: number, max: number) => ({ type: 'number', inputMode: 'numeric', step: '1', min, max }) as const;

/** A required field's label: the name and an asterisk that screen readers skip (the input is aria-required). */
export function required(label: string): ReactNode {
  return (
    <>
      {label} <span aria-hidden="true" className="text-red-700">*</span>
    </>
  );
}
