import type { ReactNode } from 'react';
import { TEXTS } from '../../../../shared/texts';

export function LoadingState({ label = TEXTS.loading }: { label?: string }) {
  return (
    <p role="status" className="py-12 text-center text-lg text-gray-700">
      {label}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-semibold text-red-800">We could not load this.</p>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-md bg-rose-700 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-800"
        >
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-dashed border-gray-300 p-8 text-center">
      <p className="text-lg font-semibold text-gray-900">{title}</p>
      {children && <div className="mt-2 text-gray-700">{children}</div>}
    </div>
  );
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
