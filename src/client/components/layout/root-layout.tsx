import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
} from 'react-router';
import { TEXTS } from '#shared/texts';
import { PageTitle } from '../page-title';
import { PageMeta } from '../seo/page-meta';
import { AppToaster } from './app-toaster';
import { Footer } from './footer';
import { Header } from './header';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-rose-100"
    >
      <div className="h-full w-1/3 animate-[stayhub-progress_1s_ease-in-out_infinite] bg-rose-700 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}

/** Header, main landmark and footer around any content. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-gray-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-rose-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <AppToaster />
    </div>
  );
}

/** The public layout: every page of the site renders inside it through <Outlet/>. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Shell>
        <Outlet />
      </Shell>
      <ScrollRestoration />
    </>
  );
}

/** Shown on the very first load while the first lazy route module arrives. */
export function RootHydrateFallback() {
  return (
    <Shell>
      <p className="mx-auto max-w-7xl px-4 py-16 text-center text-gray-700" role="status">
        {TEXTS.loading}
      </p>
    </Shell>
  );
}

export function NotFoundContent() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageMeta
        title="Page not found"
        description="The address you opened does not lead anywhere on StayHub."
        path={pathname}
        noindex
      />
      <p className="text-6xl font-extrabold text-rose-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{TEXTS.wrongPath}</h1>
      <p className="mt-3 text-gray-700">The address you opened does not lead anywhere on StayHub.</p>
      <Link to="/" className="mt-8 rounded-md bg-rose-700 px-5 py-3 font-semibold text-white hover:bg-rose-800">
        Home
      </Link>
    </section>
  );
}

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

/** The root error element: unknown routes, failed route modules and render errors. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundContent />
      </Shell>
    );
  }
  // import.meta.env is Vite's; the server renders this module without Vite (ADR 0021).
  if (import.meta.env?.DEV) console.error(error);
  const stale = isChunkLoadError(error);
  return (
    <Shell>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" role="alert">
        <PageTitle title="Something went wrong" />
        <h1 className="text-2xl font-bold sm:text-3xl">Something went wrong</h1>
        <p className="mt-3 text-gray-700">
          {stale
            ? 'A newer version of StayHub is available. Reload the page to continue.'
            : 'This page could not be shown. Try again, or go back to the home page.'}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md bg-rose-700 px-5 py-3 font-semibold text-white hover:bg-rose-800"
          >
            Reload
          </button>
          <Link
            to="/"
            className="rounded-md border border-gray-300 px-5 py-3 font-semibold text-gray-900 hover:bg-gray-50"
          >
            Home
          </Link>
        </div>
      </section>
    </Shell>
  );
}
