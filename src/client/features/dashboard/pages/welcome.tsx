import { Link } from 'react-router';
import { useSession } from '#client/lib/session';
import { useRole } from '#client/features/auth/use-role';
import { Screen } from '#client/components/layout/screen';
import { VerifyEmailNotice } from '#client/features/auth/components/verify-email-notice';
import { menuForRole, roleLabel } from '../menu';

export function WelcomePage() {
  const { user } = useSession();
  const { role, isLoading } = useRole();
  const name = user?.name?.trim() || user?.email || 'guest';
  return (
    <Screen title={`Welcome to your dashboard, ${name}`}>
      {/* Until the address is verified (the session says so): reserving needs it. */}
      {user?.emailVerified === false && (
        <div className="mb-6">
          <VerifyEmailNotice purpose="account" email={user.email} />
        </div>
      )}
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
        {isLoading ? (
          <p role="status" className="text-gray-700">
            Loading...
          </p>
        ) : (
          <>
            <p className="text-gray-800">
              You are signed in as <span className="break-all font-semibold">{user?.email}</span> ({roleLabel(role)}).
            </p>
            <p className="mt-2 text-gray-700">Start with one of these:</p>
            <ul className="mt-3 flex flex-wrap gap-3">
              {menuForRole(role).map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="inline-block rounded-md border border-rose-700 px-4 py-2 font-semibold text-rose-800 hover:bg-rose-50"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Screen>
  );
}

export { WelcomePage as Component };
