import { describe, expect, it } from 'vitest';
import { menuForRole } from './menu';

const labels = (role: Parameters<typeof menuForRole>[0]) => menuForRole(role).map((item) => item.label);
// Issue 12: every role also has its wishlist, its stays to review, its profile and its history.
const EVERYONE_LABELS = ['Wishlist', 'Reviews', 'Profile', 'History'];
const EVERYONE_PATHS = ['/dashboard/wishlist', '/dashboard/reviews', '/dashboard/profile', '/dashboard/history'];
const paths = (role: Parameters<typeof menuForRole>[0]) => menuForRole(role).map((item) => item.to);

describe('menuForRole', () => {
  it('gives guests, unknown roles and pending requests My Bookings, Messages and Become A Host', () => {
    for (const role of [null, undefined, 'requested', 'something-else']) {
      expect(labels(role)).toEqual(['My Bookings', 'Messages', 'Become A Host', ...EVERYONE_LABELS]);
      expect(paths(role)).toEqual([
        '/dashboard/my-booking',
        '/dashboard/messages',
        '/dashboard/become-host',
        ...EVERYONE_PATHS,
      ]);
    }
  });

  it('gives the admin All Bookings, All Users, Damage claims, Finance and Moderation, then My Bookings (they can book too) and Messages', () => {
    expect(labels('admin')).toEqual([
      'All Bookings',
      'All Users',
      'Damage claims',
      'Finance',
      'Audit',
      'Moderation',
      'My Bookings',
      'Messages',
      ...EVERYONE_LABELS,
    ]);
    expect(paths('admin')).toEqual([
      '/dashboard/allbooking',
      '/dashboard/alluser',
      '/dashboard/damage-claims',
      '/dashboard/finance',
      '/dashboard/audit',
      '/dashboard/moderation',
      '/dashboard/my-booking',
      '/dashboard/messages',
      ...EVERYONE_PATHS,
    ]);
  });

  it('gives a host Manage Home, Add Home, Reservations and Payouts, then My Bookings (they can book too) and Messages', () => {
    expect(labels('host')).toEqual([
      'Manage Home',
      'Add Home',
      'Reservations',
      'Payouts',
      'My Bookings',
      'Messages',
      ...EVERYONE_LABELS,
    ]);
    expect(paths('host')).toEqual([
      '/dashboard/manage-home',
      '/dashboard/add-home',
      '/dashboard/reservations',
      '/dashboard/payouts',
      '/dashboard/my-booking',
      '/dashboard/messages',
      ...EVERYONE_PATHS,
    ]);
  });
});
