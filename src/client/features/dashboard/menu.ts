/**
 * The dashboard menu by role (spec section 2):
 * none / unknown / requested -> My Bookings, Become A Host;
 * admin -> All Bookings, All Users; host -> Manage Home, Add Home.
 * Hosts and admins can book too, so their menus end with My Bookings (deviation D29).
 * Every menu ends with History: cancelled and past bookings with their receipts (D60).
 */
import type { Role } from '#shared/schemas/users';

export interface MenuItem {
  label: string;
  to: string;
}

const MY_BOOKINGS: MenuItem = { label: 'My Bookings', to: '/dashboard/my-booking' };
const HISTORY: MenuItem = { label: 'History', to: '/dashboard/history' };

export const GUEST_MENU: readonly MenuItem[] = [
  MY_BOOKINGS,
  { label: 'Become A Host', to: '/dashboard/become-host' },
  HISTORY,
];

export const ADMIN_MENU: readonly MenuItem[] = [
  { label: 'All Bookings', to: '/dashboard/allbooking' },
  { label: 'All Users', to: '/dashboard/alluser' },
  MY_BOOKINGS,
  HISTORY,
];

export const HOST_MENU: readonly MenuItem[] = [
  { label: 'Manage Home', to: '/dashboard/manage-home' },
  { label: 'Add Home', to: '/dashboard/add-home' },
  MY_BOOKINGS,
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
