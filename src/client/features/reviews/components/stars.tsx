/** A rating shown as five stars, with its value in words for screen readers. */
export function Stars({ value, label }: { value: number; label?: string }) {
  const rounded = Math.round(value);
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className="tracking-tight text-rose-700">
        {'★'.repeat(rounded)}
        <span className="text-gray-300">{'★'.repeat(5 - rounded)}</span>
      </span>
      <span className="sr-only">
        {label ? `${label}: ` : ''}
        {value} out of 5 stars
      </span>
    </span>
  );
}
