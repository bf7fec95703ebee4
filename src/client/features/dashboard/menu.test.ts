import { describe, expect, it } from 'vitest';
import { menuForRole } from './menu';

const labels = (role: Parameters<typeof menuForRole>[0]) => menuForRole(role).map((item) => item.label);
const paths = (role: Parameters<typeof menuForRole>[0]) => menuForRole(role).map((item) => item.to);

describe('menuForRole', () => {
  it('gives guests, unknown roles and pending requests My Bookings and Become A Host, then History', () => {
    for (const role of [null, undefined, 'requested', 'something-else']) {
      expect(labels(role)).toEqual(['My Bookings', 'Become A Host', 'History']);
      expect(paths(role)).toEqual(['/dashboard/my-booking', '/dashboard/become-host', '/dashboard/history']);
    }
  });

  it('gives the admin All Bookings and All Users, then My Bookings (they can book too)', () => {
    expect(labels('admin')).toEqual(['All Bookings', 'All Users', 'My Bookings', 'History']);
    expect(paths('admin')).toEqual([
      '/dashboard/allbooking',
      '/dashboard/alluser',
      '/dashboard/my-booking',
      '/dashboard/history',
    ]);
  });

  it('gives a host Manage Home and Add Home, then My Bookings (they can book too)', () => {
    expect(labels('host')).toEqual(['Manage Home', 'Add Home', 'My Bookings', 'History']);
    expect(paths('host')).toEqual([
      '/dashboard/manage-home',
      '/dashboard/add-home',
      '/dashboard/my-booking',
      '/dashboard/history',
    ]);
  });
});
