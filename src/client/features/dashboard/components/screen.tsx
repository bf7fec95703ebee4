import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

/** A dashboard screen: document title, the page's h1 and its content. */
export function Screen({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby="dashboard-screen-title">
      <PageTitle title={title} />
      <h1 id="dashboard-screen-title" className="text-2xl font-bold text-gray-900 outline-none sm:text-3xl">
        {title}
      </h1>
      {intro && <div className="mt-2 text-gray-700">{intro}</div>}
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}

/** The progress bar shown while a dashboard list loads (spec: "A progress bar shows while loading"). */
export function LoadingBar({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12">
      <progress aria-label={label} className="h-2 w-56 accent-rose-700" />
      <p className="text-gray-700" aria-hidden="true">
        Loading...
      </p>
    </div>
  );
}

export function ErrorPanel({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
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

export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
