/**
 * Route guards (spec section 2). They decide what the browser shows; the server
 * checks the same rules on every API call regardless.
 *
 * - RequireAuth: a progress bar while the session loads, then /login remembering
 *   the origin (router state `from` and `?from=`) when signed out.
 * - RequireRole: "Loading..." while the role is fetched from GET /api/user/:email,
 *   then <Navigate to="/dashboard"> when the role does not match.
 *
 * Both render `children` when given, else an <Outlet/> (use them as layout routes).
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '#shared/schemas/users';
import { TEXTS } from '#shared/texts';
import { useSession } from '#client/lib/session';
import { withFrom } from './lib/redirect';
import { useRole } from './use-role';

export function SessionProgress() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16">
      <progress aria-label="Checking your sign-in" className="h-2 w-48 accent-rose-700" />
      <p className="text-gray-700" aria-hidden="true">
        {TEXTS.loading}
      </p>
    </div>
  );
}

export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <SessionProgress />;
  if (!user) {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to={withFrom('/login', from)} state={{ from }} replace />;
  }
  return <>{children ?? <Outlet />}</>;
}

function RoleGate({ allow, children }: { allow: Exclude<Role, null>; children?: ReactNode }) {
  const state = useRole();
  if (state.isLoading) {
    return (
      <p role="status" className="px-4 py-12 text-center text-lg text-gray-700">
        {TEXTS.loading}
      </p>
    );
  }
  if (state.error) {
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">We could not check your access to this page.</p>
        <p className="mt-1 text-sm text-red-800">
          {state.error instanceof Error ? state.error.message : 'Please try again.'}
        </p>
        <button
          type="button"
          onClick={state.refetch}
          className="mt-4 rounded-md bg-rose-700 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-800"
        >
          Try again
        </button>
      </div>
    );
  }
  if (state.role !== allow) return <Navigate to="/dashboard" replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Signed in and holding the role `allow` ('admin' or 'host'); otherwise /login or /dashboard. */
export function RequireRole({ allow, children }: { allow: Exclude<Role, null>; children?: ReactNode }) {
  return (
    <RequireAuth>
      <RoleGate allow={allow}>{children}</RoleGate>
    </RequireAuth>
  );
}
