import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { TEXTS } from '#shared/texts';
import { notify } from '#client/lib/notify';
import { useSession, useSessionSync, useSignOut } from '#client/lib/session';
import { Avatar } from '#client/components/ui/avatar';
import { originOfPage, withFrom } from '#client/features/auth/lib/redirect';
import { UnreadBadge, UnreadLink, useUnreadCount } from '#client/features/messages/components/unread-link';
import { useLiveMessages } from '#client/features/messages/lib/live';
import { OpenRequestsLink, useOpenRequestCount } from '#client/features/reservations/components/open-requests-link';
import { Icon } from '#client/components/ui/icon';

const navLink = ({ isActive }: { isActive: boolean }) =>
  [
    'rounded-md px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-rose-50 text-rose-800' : 'text-gray-800 hover:bg-gray-100',
  ].join(' ');

const primaryButton =
  'rounded-md bg-rose-700 px-3 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-rose-800';

/** `onNavigate`: called when one of the links is followed (the mobile menu closes then). */
function NavItems({ orientation, onNavigate }: { orientation: 'row' | 'column'; onNavigate?: () => void }) {
  const { user, isLoading } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  // Login and Sign Up come back to the page they were pressed on.
  const origin = originOfPage(location);
  const [signingOut, setSigningOut] = useState(false);
  const column = orientation === 'column';
  const item = column ? 'block w-full text-left' : '';

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
      notify('success', 'You have signed out');
      void navigate('/');
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <ul className={column ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      <li>
        <NavLink to="/dashboard" onClick={onNavigate} className={(s) => `${navLink(s)} ${item}`}>
          {TEXTS.dashboard}
        </NavLink>
      </li>
      {isLoading ? (
        // Keep the space while the session is checked, so the header does not jump.
        <li aria-hidden="true" className={column ? 'h-9' : 'h-9 w-36'} />
      ) : user ? (
        <>
          <li>
            <UnreadLink onNavigate={onNavigate} className={(s) => `${navLink(s)} ${item}`} />
          </li>
          <OpenRequestsLink onNavigate={onNavigate} className={(s) => `${navLink(s)} ${item}`} />
          <li>
            <NavLink
              to="/dashboard/profile"
              onClick={onNavigate}
              className={(s) => `${navLink(s)} ${item} inline-flex items-center gap-2`}
            >
              <Avatar name={user.name || user.email} image={user.image} size={28} />
              <span className={column ? '' : 'sr-only'}>Profile</span>
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              onClick={() => void handleSignOut()}
              disabled={signingOut}
              className={`${navLink({ isActive: false })} ${item} disabled:opacity-60`}
            >
              {TEXTS.signOut}
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <NavLink to={withFrom('/login', origin)} onClick={onNavigate} className={(s) => `${navLink(s)} ${item}`}>
              {TEXTS.login}
            </NavLink>
          </li>
          <li>
            <Link
              to={withFrom('/register', origin)}
              onClick={onNavigate}
              className={`${primaryButton} ${column ? 'mt-1 block text-center' : 'ml-1'}`}
            >
              {TEXTS.signUp}
            </Link>
          </li>
        </>
      )}
    </ul>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  const { user } = useSession();
  // One live message stream per page while signed in: the unread badge, the Messages list and an open thread follow it.
  useLiveMessages(Boolean(user));
  // A sign-in or sign-out in another tab shows here too.
  useSessionSync();
  const menuId = useId();
  // The closed phone menu hides the Messages link: its button carries the count instead.
  const unread = useUnreadCount(Boolean(user));
  // ...and a host's requests waiting (the Requests link is hidden too): on phones a new request showed nowhere.
  const requests = useOpenRequestCount();
  const menuLabel = [
    unread > 0 && `${unread} unread`,
    requests > 0 && `${requests} ${requests === 1 ? 'request' : 'requests'} waiting`,
  ].filter(Boolean);

  // Close the mobile menu on Escape (links close it when followed).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-2xl font-extrabold tracking-tight text-rose-700"
        >
          <Icon name="brand" size={28} className="shrink-0" />
          {TEXTS.brand}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavItems orientation="row" />
        </nav>
        <button
          type="button"
          className="inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-800 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={!open && menuLabel.length ? `Menu, ${menuLabel.join(', ')}` : undefined}
          onClick={() => setOpen((v) => !v)}
        >
          <Icon name={open ? 'close' : 'menu'} />
          Menu
          {!open && <UnreadBadge unread={unread + requests} />}
        </button>
      </div>
      {open && (
        <nav id={menuId} aria-label="Mobile" className="border-t border-gray-200 px-4 py-3 md:hidden">
          <NavItems orientation="column" onNavigate={() => setOpen(false)} />
        </nav>
      )}
    </header>
  );
}
