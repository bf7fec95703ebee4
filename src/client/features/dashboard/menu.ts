/**
 * The dashboard menu by role (spec section 2):
 * none / unknown / requested -> My Bookings, Become A Host;
 * admin -> All Bookings, All Users; host -> Manage Home, Add Home (and Reservations, issue 11).
 * Hosts and admins can book too, so their menus end with My Bookings (deviation D29).
 * Every menu has Messages after My Bookings (issue 12, deviation D51), then Wishlist, Reviews and
 * Profile (issue 12, D55). Every menu ends with History: cancelled and past bookings with their receipts (D60).
 */
import type { Role } from '#shared/schemas/users';

export interface MenuItem {
  label: string;
  to: string;
}

const MY_BOOKINGS: MenuItem = { label: 'My Bookings', to: '/dashboard/my-booking' };
const MESSAGES: MenuItem = { label: 'Messages', to: '/dashboard/messages' };

const HISTORY: MenuItem = { label: 'History', to: '/dashboard/history' };

const EVERYONE: readonly MenuItem[] = [
  { label: 'Wishlist', to: '/dashboard/wishlist' },
  { label: 'Reviews', to: '/dashboard/reviews' },
  { label: 'Profile', to: '/dashboard/profile' },
];

const GUEST_MENU: readonly MenuItem[] = [
  MY_BOOKINGS,
  MESSAGES,
  { label: 'Become A Host', to: '/dashboard/become-host' },
  ...EVERYONE,
  HISTORY,
];

const ADMIN_MENU: readonly MenuItem[] = [
  { label: 'All Bookings', to: '/dashboard/allbooking' },
  { label: 'All Users', to: '/dashboard/alluser' },
  { label: 'Damage claims', to: '/dashboard/damage-claims' },
  // Issue 28: the marketplace's books (D101).
  { label: 'Finance', to: '/dashboard/finance' },
  // Issue 30: the audit log of admin actions (D116).
  { label: 'Audit', to: '/dashboard/audit' },
  // Issue 30: reports and their resolution (D119).
  { label: 'Moderation', to: '/dashboard/moderation' },
  MY_BOOKINGS,
  MESSAGES,
  ...EVERYONE,
  HISTORY,
];

const HOST_MENU: readonly MenuItem[] = [
  { label: 'Manage Home', to: '/dashboard/manage-home' },
  { label: 'Add Home', to: '/dashboard/add-home' },
  // Issue 11: who booked the host's homes (deviation D47).
  { label: 'Reservations', to: '/dashboard/reservations' },
  // Issue 28: the host's earnings and payouts (deviation D105).
  { label: 'Payouts', to: '/dashboard/payouts' },
  MY_BOOKINGS,
  MESSAGES,
  ...EVERYONE,
  HISTORY,
];

/** `role` may be anything the server sent (or undefined when unknown); anything else is the guest menu. */
export function menuForRole(role: Role | string | undefined): readonly MenuItem[] {
  switch (role) {
    case 'admin':
      return ADMIN_MENU;
    case 'host':
      return HOST_MENU;
    default:
      return GUEST_MENU;
  }
}

/** How a role reads in the dashboard. */
export function roleLabel(role: Role | string | undefined): string {
  switch (role) {
    case 'admin':
      return 'Admin';
    case 'host':
      return 'Host';
    case 'requested':
      return 'Guest (host request pending)';
    default:
      return 'Guest';
  }
}
