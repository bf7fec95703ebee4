/** A form-level failure (the server's message, say): role="alert", so it is announced when it appears. */
import type { ReactNode } from 'react';

export function FormAlert({ id, className, children }: { id?: string; className?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <div
      id={id}
      role="alert"
      className={`rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800${className ? ` ${className}` : ''}`}
    >
      {children}
    </div>
  );
}
