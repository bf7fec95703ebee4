import { Link } from 'react-router';
import { TEXTS } from '#shared/texts';

const footerLink = 'rounded text-gray-700 underline-offset-4 hover:text-rose-800 hover:underline';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="text-xl font-extrabold text-rose-700">{TEXTS.brand}</p>
          <p className="mt-2 text-sm text-gray-700">
            Homes, apartments and spa stays for short trips, booked in a few clicks.
          </p>
        </div>
        <nav aria-label="Explore">
          <h2 className="text-sm font-semibold text-gray-900">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className={footerLink} to="/all-home">
                All homes
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/coming-soon">
                Experiences
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/dashboard/become-host">
                Become a host
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2 className="text-sm font-semibold text-gray-900">Help</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className={footerLink} to="/terms">
                Terms and conditions
              </Link>
            </li>
            <li>
              <Link className={footerLink} to="/dashboard/my-booking">
                My bookings
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-gray-200 py-4 text-center text-sm text-gray-700">
        © {new Date().getFullYear()} {TEXTS.brand}. All rights reserved.
      </p>
    </footer>
  );
}
