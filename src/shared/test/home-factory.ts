import { DEFAULT_HOME_PRICING } from '#shared/schemas/pricing';
import type { Home } from '#shared/schemas/homes';

/** A Home as the API answers it, for tests that render or describe one; fields override the defaults. */
export function aHome(fields: Partial<Home> = {}): Home {
  return {
    _id: '7f1c2a4e-0000-4000-8000-000000000001',
    title: 'Sunny loft by the river',
    location: 'Lisbon, Portugal',
    image: '/uploads/abc-1280.webp',
    images: ['/uploads/abc-1280.webp'],
    price: 120,
    total_guest: 4,
    bedrooms: 2,
    bathrooms: 1,
    description: 'Two bedrooms over the Tagus.',
    from: '2026-12-01',
    to: '2027-01-31',
    hostEmail: 'host@stayhub.test',
    email: 'host@stayhub.test',
    minNights: 1,
    maxNights: 30,
    checkInTime: '12:00',
    checkOutTime: '11:00',
    houseRules: '',
    rating: null,
    reviewCount: 0,
    cleaningFee: 0,
    cancellationPolicy: 'flexible',
    timeZone: 'UTC',
    ...DEFAULT_HOME_PRICING,
    guestsIncluded: 4,
    point: { lat: 38.7145, lng: -9.1312 },
    ...fields,
  };
}
