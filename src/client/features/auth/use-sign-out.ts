import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useSignOut } from '#client/lib/session';

const SIGNED_OUT = 'You have signed out';

/** Sign Out as the header and the dashboard menu do it: end the session, tell the user, go home. */
export function useSignOutAndLeave(): () => Promise<void> {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      toast.success(SIGNED_OUT);
    } catch {
      toast.error('Signing out failed. Please try again.');
      return;
    }
    void navigate('/');
  };
}
