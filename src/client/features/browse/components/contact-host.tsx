/**
 * The details page's "Contact host": signed in (and not the home's host), it opens the message
 * dialog (loaded on first use, so the page itself carries no form code); signed out, it leads to
 * the login page and back here.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Home } from '#shared/schemas/homes';
import { sameEmail } from '#shared/emails';
import { useSession } from '#client/lib/session';
import { originOfPage, withFrom } from '../../auth/lib/redirect';
import { Button, buttonClass } from '#client/components/ui/button';

const ContactHostDialog = lazy(() => import('../../messages/components/contact-host-dialog'));

export function ContactHost({ home }: { home: Home }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (isLoading) return null;
  // Open, the dialog stays when the session ends meanwhile: it says so there, with a link to sign in.
  const dialog = open && (
    <Suspense fallback={<p role="status">Opening…</p>}>
      <ContactHostDialog homeId={home._id} homeTitle={home.title} onClose={() => setOpen(false)} />
    </Suspense>
  );
  if (!user) {
    return (
      <>
        <Link to={withFrom('/login', originOfPage(location))} className={buttonClass('secondary', 'mt-4')}>
          Contact host
        </Link>
        {dialog}
      </>
    );
  }
  // A host does not write to themselves; guests contact them here.
  if (sameEmail(user.email, home.hostEmail)) return null;
  return (
    <>
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        Contact host
      </Button>
      {dialog}
    </>
  );
}
