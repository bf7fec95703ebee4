/** A 1-5 star rating as a radio group (arrow keys move between stars), with its error. */
import { useId } from 'react';
import { FieldError } from '#client/components/ui/form-field';

export function RatingInput({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-gray-900">{legend}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-0.5 text-2xl leading-none has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-700"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <span aria-hidden="true" className={value !== undefined && n <= value ? 'text-rose-700' : 'text-gray-300'}>
              ★
            </span>
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}
