import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { TEXTS } from '#shared/texts';
import { BreakableEmail } from '#client/components/ui/breakable-email';
import { useSession } from '#client/lib/session';
import { useFocusHeading } from '#client/lib/use-focus-heading';
import { useSignOutAndLeave } from '../auth/use-sign-out';
import { useRole } from '../auth/use-role';
import { menuForRole, roleLabel } from './menu';
import { Icon } from '#client/components/ui/icon';

const itemClass = 'block w-full rounded-md px-3 py-2 text-left font-semibold transition-colors';
const navItemClass = ({ isActive }: { isActive: boolean }) =>
  `${itemClass} ${isActive ? 'bg-rose-700 text-white' : 'text-gray-800 hover:bg-rose-50 hover:text-rose-900'}`;

/** The menu: the user's email, the links for their role, Home and Sign Out. */
function DashboardNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  const { role, isLoading } = useRole();
  const signOutAndLeave = useSignOutAndLeave();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOutAndLeave();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="rounded-lg bg-gray-50 px-3 py-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-gray-700">Signed in as</p>
        <p className="text-sm font-semibold break-words text-gray-900" data-testid="dashboard-email">
          {user && <BreakableEmail email={user.email} />}
        </p>
        {!isLoading && <p className="mt-1 text-sm text-gray-700">{roleLabel(role)}</p>}
      </div>
      <nav aria-label="Dashboard">
        {isLoading ? (
          <p role="status" className="px-3 py-2 text-gray-700">
            {TEXTS.loading}
          </p>
        ) : (
          <ul className="flex flex-col gap-1">
            {menuForRole(role).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navItemClass} onClick={onNavigate}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <ul className="flex flex-col gap-1 border-t border-gray-200 pt-4">
        <li>
          <Link to="/" className={`${itemClass} text-gray-800 hover:bg-gray-100`} onClick={onNavigate}>
            Home
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => void handleSignOut()}
            disabled={signingOut}
            className={`${itemClass} text-gray-800 hover:bg-gray-100 disabled:opacity-70`}
          >
            {TEXTS.signOut}
          </button>
        </li>
      </ul>
    </div>
  );
}

/** Side drawer (Radix Dialog on small screens, a static sidebar on wide ones) around the nested screen. */
export function DashboardLayout() {
  const location = useLocation();
  const contentRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useFocusHeading(contentRef, location.pathname);

  return (
    <div className="mx-auto flex w-full max-w-7xl gap-8 px-4 py-6 sm:px-6 md:py-10">
      <div className="hidden w-56 shrink-0 md:block">
        <div className="sticky top-24 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
          <DashboardNav />
        </div>
      </div>
      <div className="min-w-0 flex-1">
        <div className="mb-4 md:hidden">
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger className="inline-flex items-center gap-2 rounded-md border border-gray-400 px-3 py-2 font-semibold text-gray-900 hover:bg-gray-50">
              <Icon name="menu" />
              Dashboard menu
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-5 shadow-xl outline-none"
              >
                <div className="mb-4 flex items-center justify-between gap-2">
                  <Dialog.Title className="text-lg font-bold text-gray-900">Dashboard menu</Dialog.Title>
                  <Dialog.Close aria-label="Close menu" className="rounded-md p-2 text-gray-800 hover:bg-gray-100">
                    <Icon name="close" />
                  </Dialog.Close>
                </div>
                <DashboardNav onNavigate={() => setOpen(false)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
        <div ref={contentRef} id="dashboard-content" className="outline-none">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export { DashboardLayout as Component };
